import type { ImportCounts, ImportOutcome, ImportPlanRow } from '@common/schemas/historic';
import { consentLabels } from '@common/schemas/contacts';

export const outcomeLabels: Record<ImportOutcome, string> = {
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  changed: 'Changed',
  unmatched: 'Not matched',
  added: 'Added as contacts',
  skipped: 'Skipped',
};

/**
 * The counts, the same boxes for the preview and for what was applied, so the two compare at a
 * glance; "Not matched" shows only in a preview and "Added as contacts" only in a result.
 */
export function OutcomeCounts({ counts, testId, applied = false }: { counts: ImportCounts; testId: string; applied?: boolean }) {
  const shown = (Object.keys(outcomeLabels) as ImportOutcome[]).filter((o) => o !== (applied ? 'unmatched' : 'added'));
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
      {shown.map((o) => (
        <div key={o} className="rounded-md bg-navy-50 p-2 text-center">
          <dt className="text-xs text-slate-600">{outcomeLabels[o]}</dt>
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

/** Rows that match no rally record, as a table: who, and the consent each would be added with. */
export function ImportRowsTable({ rows }: { rows: ImportPlanRow[] }) {
  return (
    <div className="mt-2 max-h-56 overflow-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th scope="col" className="py-1 pr-2">
              Line
            </th>
            <th scope="col" className="py-1 pr-2">
              Name
            </th>
            <th scope="col" className="py-1 pr-2">
              Email
            </th>
            <th scope="col" className="py-1">
              Consent
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <tr key={r.line} className="border-b border-slate-100">
              <td className="py-1 pr-2">{r.line}</td>
              <td className="py-1 pr-2">{`${r.firstName} ${r.lastName}`.trim()}</td>
              <td className="py-1 pr-2 break-all">{r.email}</td>
              <td className="py-1">{r.consent ? consentLabels[r.consent] : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && <p className="mt-1">and {rows.length - SHOWN} more</p>}
    </div>
  );
}
