import type { VersionChange } from '../../../lib/version-changes.ts';

// What restoring a version would change, compared with the item now: one list per version, each
// changed field by name with "this version → now" for short values, and the lines gone since (marked
// "Removed") and new since (marked "Added") for lists and long texts. The words carry the meaning;
// colour only repeats it.

const shown = (value: string) => (value === '' ? '(empty)' : `“${value}”`);

export default function VersionChanges({ changes, label }: { changes: VersionChange[]; label: string }) {
  if (changes.length === 0) return <p className="muted mt-1 text-sm">Same as the current version.</p>;
  return (
    <ul className="mt-1.5 space-y-1 text-sm" aria-label={label} data-version-changes>
      {changes.map((change) => (
        <li key={change.field} data-change={change.field}>
          <span className="font-semibold">{change.label}</span>
          {change.kind === 'value' ? (
            <>
              : this version {shown(change.from)}
              <span aria-hidden="true"> →</span> now {shown(change.to)}
            </>
          ) : (
            <ul className="mt-0.5 space-y-0.5 pl-3">
              {change.removed.map((line, i) => (
                <li key={`r${i}`} className="text-red-800 dark:text-red-300" data-line="removed">
                  <span className="font-medium">Removed since:</span> {line}
                </li>
              ))}
              {change.added.map((line, i) => (
                <li key={`a${i}`} className="text-green-800 dark:text-green-300" data-line="added">
                  <span className="font-medium">Added since:</span> {line}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
