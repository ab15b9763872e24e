// A line diff by longest common subsequence: which lines of `before` are gone and which lines of
// `after` are new, in order. Content lists are short (at most a hundred ingredients or a few
// hundred lines of a page), so the quadratic table is small; longer inputs are cut to a bound
// first so a huge page cannot make the comparison slow.

export type LineChange = { kind: 'same' | 'added' | 'removed'; text: string };

/** Lines compared at most per side; beyond it the rest is compared as a whole block. */
export const LINE_DIFF_MAX_LINES = 1000;

/** The edit script from `before` to `after`: unchanged, removed and added lines in reading order. */
export function lineDiff(before: readonly string[], after: readonly string[]): LineChange[] {
  // Lines equal at both ends need no table.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const a = before.slice(start, Math.min(endBefore, start + LINE_DIFF_MAX_LINES));
  const b = after.slice(start, Math.min(endAfter, start + LINE_DIFF_MAX_LINES));
  const middle = [...lcsScript(a, b)];
  // Whatever the bound cut off is reported as removed and added wholesale.
  for (const text of before.slice(start + a.length, endBefore)) middle.push({ kind: 'removed', text });
  for (const text of after.slice(start + b.length, endAfter)) middle.push({ kind: 'added', text });
  return [
    ...before.slice(0, start).map((text): LineChange => ({ kind: 'same', text })),
    ...middle,
    ...before.slice(endBefore).map((text): LineChange => ({ kind: 'same', text })),
  ];
}

function lcsScript(a: readonly string[], b: readonly string[]): LineChange[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const script: LineChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      script.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      script.push({ kind: 'removed', text: a[i++]! });
    } else {
      script.push({ kind: 'added', text: b[j++]! });
    }
  }
  while (i < a.length) script.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) script.push({ kind: 'added', text: b[j++]! });
  return script;
}
