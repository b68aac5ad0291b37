import type { ImportPlanRow } from '@common/schemas/historic';

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
