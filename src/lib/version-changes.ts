import { lineDiff } from './line-diff.ts';

// What a kept version of a recipe, page or post differs in from the item as it is now, field by
// field, so the admin restores one knowingly: a short value as "old → new", a list (ingredients,
// steps, tags, FAQs) or a long text as the lines a restore would bring back and take away.
// Both sides are the version data shape (what the item's PUT accepts).

/** One changed field. `from` is the version's value, `to` the current one. */
export type VersionChange =
  | { field: string; label: string; kind: 'value'; from: string; to: string }
  | { field: string; label: string; kind: 'lines'; removed: string[]; added: string[] };

/** Values at most this long (and on one line) are shown whole as old → new. */
export const SHORT_VALUE_MAX = 80;

const LABELS: Record<string, string> = {
  prepTime: 'Prep time',
  cookTime: 'Cook time',
  totalTime: 'Total time',
  noCooking: 'No cooking',
  isPublished: 'Published',
  categoryId: 'Blog category',
  faqs: 'FAQs',
  saturatedFat: 'saturated fat',
  unsaturatedFat: 'unsaturated fat',
  transFat: 'trans fat',
};

/** "prepTime" → "Prep time", with the names above where plain splitting reads badly. */
export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };

/** How a scalar reads in the list: blank for nothing, yes/no for booleans. */
function scalarText(value: Plain): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).trim();
}

/** One line for a list entry: an ingredient row, a step, a FAQ, or plain text. */
export function entryLine(entry: Plain): string {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    return Array.isArray(entry) ? entry.map(entryLine).join(', ') : scalarText(entry);
  }
  if ('question' in entry || 'answer' in entry) {
    return `Q: ${scalarText(entry.question)} A: ${scalarText(entry.answer)}`;
  }
  if ('instruction' in entry || 'text' in entry) return scalarText(entry.instruction ?? entry.text);
  if ('item' in entry || 'name' in entry) {
    const { quantity, unit, item, name, measurement, note } = entry;
    const main = [quantity, unit, item ?? name].map(scalarText).filter(Boolean).join(' ');
    const extra = [measurement, note].map(scalarText).filter(Boolean).join(', ');
    return extra ? `${main} (${extra})` : main;
  }
  return Object.entries(entry)
    .map(([key, value]) => `${key}: ${entryLine(value)}`)
    .join(', ');
}

/** The lines of a list field; a sectioned list (section name → entries) prefixes each line. */
function linesOf(value: Plain): string[] {
  if (Array.isArray(value)) return value.map(entryLine).filter(Boolean);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([section, entries]) =>
      linesOf(entries).map((line) => `${section}: ${line}`),
    );
  }
  return scalarText(value)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const isRecord = (value: Plain): value is { [key: string]: Plain } =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A sectioned list has list values; a group of figures (nutrition) has scalar values. */
const isFigures = (value: Plain): boolean =>
  isRecord(value) && Object.values(value).every((v) => v === null || typeof v !== 'object');

function isShort(text: string): boolean {
  return text.length <= SHORT_VALUE_MAX && !text.includes('\n');
}

/** A value's JSON with object keys sorted: stored JSON (jsonb) does not keep key order. */
function canonical(value: Plain): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function compareField(field: string, label: string, from: Plain, to: Plain, out: VersionChange[]): void {
  if (canonical(from) === canonical(to)) return;
  if ((from === undefined || isFigures(from)) && (to === undefined || isFigures(to)) && (from || to)) {
    const a = isRecord(from) ? from : {};
    const b = isRecord(to) ? to : {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      compareField(`${field}.${key}`, `${label}: ${fieldLabel(key).toLowerCase()}`, a[key], b[key], out);
    }
    return;
  }
  const isList = Array.isArray(from) || Array.isArray(to) || isRecord(from) || isRecord(to);
  const fromText = isList ? '' : scalarText(from);
  const toText = isList ? '' : scalarText(to);
  if (!isList && fromText === toText) return;
  if (!isList && isShort(fromText) && isShort(toText)) {
    out.push({ field, label, kind: 'value', from: fromText, to: toText });
    return;
  }
  const script = lineDiff(linesOf(from), linesOf(to));
  const removed = script.filter((c) => c.kind === 'removed').map((c) => c.text);
  const added = script.filter((c) => c.kind === 'added').map((c) => c.text);
  // A reordering with the same lines still differs; say so rather than list nothing.
  if (removed.length === 0 && added.length === 0) {
    out.push({ field, label, kind: 'value', from: 'earlier order', to: 'current order' });
    return;
  }
  out.push({ field, label, kind: 'lines', removed, added });
}

/**
 * The fields in which `version` differs from `current`, in the version's field order (then any
 * field only the current state has). `removed` lines are the version's, gone now; `added` lines
 * are the current state's, new since.
 */
export function compareVersion(
  version: Record<string, unknown>,
  current: Record<string, unknown>,
): VersionChange[] {
  const changes: VersionChange[] = [];
  for (const field of new Set([...Object.keys(version), ...Object.keys(current)])) {
    compareField(field, fieldLabel(field), version[field] as Plain, current[field] as Plain, changes);
  }
  return changes;
}
