import type { ImportCounts, ImportOutcome, ImportPlanRow } from '@common/schemas/historic';

const labels: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  changed: 'Changed',
  skipped: 'Skipped',
};

/** The five counts, the same boxes for the preview and for what was applied, so the two compare at a glance. */
export function OutcomeCounts({ counts, testId }: { counts: ImportCounts; testId: string }) {
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
      {(Object.keys(labels) as ImportOutcome[]).map((o) => (
        <div key={o} className="rounded-md bg-navy-50 p-2 text-center">
          <dt className="text-xs text-slate-600">{labels[o]}</dt>
          <dd className="text-lg font-bold text-navy-900" data-testid={`${testId}-${o}`}>
            {counts[o]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The most rows listed per outcome; a file may have 20,000. */
const SHOWN = 200;

/** One outcome's rows, folded: line, name, year, address and what happens (or why not). */
export function OutcomeList({ title, rows }: { title: string; rows: ImportPlanRow[] }) {
  if (rows.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer font-medium text-navy-800">
        {title} ({rows.length})
      </summary>
      <ul className="mt-2 max-h-56 list-disc space-y-0.5 overflow-y-auto pl-5">
        {rows.slice(0, SHOWN).map((r) => (
          <li key={r.line}>
            Line {r.line}: {`${r.firstName} ${r.lastName}`.trim() || 'no name'}
            {r.year && ` (${r.year})`}
            {r.email && `, ${r.email}`}: {r.reason}
          </li>
        ))}
        {rows.length > SHOWN && <li>and {rows.length - SHOWN} more</li>}
      </ul>
    </details>
  );
}
