import { useState } from 'react';
import { resultEntrySchema, type ResultEntry, type TeamResult } from '@common/schemas/results';
import { Button } from '../../components/ui/button';
import { FieldError, Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSaveResults } from './api';

type Field = 'rank' | 'carNumber' | 'score';
type Draft = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const columns: { field: Field; label: string }[] = [
  { field: 'rank', label: 'Rank' },
  { field: 'carNumber', label: 'Car number' },
  { field: 'score', label: 'Score' },
];

const draftOf = (t: TeamResult): Draft => ({
  rank: t.rank?.toString() ?? '',
  carNumber: t.carNumber?.toString() ?? '',
  score: t.score?.toString() ?? '',
});
/** A typed cell as the shared schema reads it: empty is null, anything else a number (NaN when it is not one). */
const cell = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

/** The `issues` of a 400 answer raised by the request helper ("400: {json}"), if any. */
function issuesOf(err: unknown): { path: (string | number)[]; message: string }[] {
  const body = err instanceof Error ? /^400: ([\s\S]*)$/.exec(err.message)?.[1] : undefined;
  try {
    return body ? ((JSON.parse(body) as { issues?: [] }).issues ?? []) : [];
  } catch {
    return [];
  }
}

/** The row as an entry for the server, or the shared schema's messages for its cells. */
function check(signupId: number, draft: Draft): { entry?: ResultEntry; errors: Errors } {
  const parsed = resultEntrySchema.safeParse({
    signupId,
    rank: cell(draft.rank),
    carNumber: cell(draft.carNumber),
    score: cell(draft.score),
  });
  if (parsed.success) return { entry: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}

/**
 * The year's teams with inline rank, car number and score: each row saved on its own, or every
 * changed row at once. The server keeps ranks and car numbers unique and says which rows clash.
 */
export function ResultsTable({ year, teams }: { year: number; teams: TeamResult[] }) {
  // Only the rows being edited; the others show what is stored (and follow an import).
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, Errors>>({});
  const save = useSaveResults(year);
  const draft = (t: TeamResult) => drafts[t.signupId] ?? draftOf(t);
  const changed = teams.filter((t) => JSON.stringify(draft(t)) !== JSON.stringify(draftOf(t)));

  const send = (rows: TeamResult[]) => {
    const checked = rows.map((t) => ({ team: t, ...check(t.signupId, draft(t)) }));
    const found: Record<number, Errors> = {};
    for (const c of checked) if (!c.entry) found[c.team.signupId] = c.errors;
    setErrors(found);
    if (Object.keys(found).length) return;
    const entries = checked.flatMap((c) => (c.entry ? [c.entry] : []));
    save.mutate(entries, {
      onSuccess: () => {
        const saved = new Set(entries.map((e) => e.signupId));
        setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !saved.has(Number(id)))));
        toast({ title: 'Results saved', description: `${rows.length === 1 ? rows[0]!.teamName : `${rows.length} teams`} saved.` });
      },
      onError: (err) => {
        // The server's issues name the row (results.<index>) and the cell.
        const issues = issuesOf(err);
        const byRow: Record<number, Errors> = {};
        for (const issue of issues) {
          const entry = entries[Number(issue.path[1])];
          const field = issue.path[2] as Field;
          if (entry && columns.some((c) => c.field === field)) (byRow[entry.signupId] ??= {})[field] ??= issue.message;
        }
        setErrors(byRow);
        toast({ title: 'Not saved', description: errorMessage(err, 'Failed to save the results'), variant: 'destructive' });
      },
    });
  };

  if (!teams.length)
    return <p className="text-slate-600">No teams took part in {year} (withdrawn teams and the waiting list are left out).</p>;
  return (
    <div>
      <div className="overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{year} results: rank, car number and score of each team</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Team
              </th>
              {columns.map((c) => (
                <th key={c.field} scope="col" className="w-32 px-3 py-2">
                  {c.label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Save</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {teams.map((t) => (
              <tr key={t.signupId} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium text-navy-900">
                  {t.teamName}
                  <span className="block text-xs font-normal text-slate-500">
                    {[t.driverName, t.coDriverName].filter(Boolean).join(' & ')}
                  </span>
                </th>
                {columns.map((c) => {
                  const error = errors[t.signupId]?.[c.field];
                  const id = `result-${t.signupId}-${c.field}`;
                  return (
                    <td key={c.field} className="px-3 py-2">
                      <Input
                        id={id}
                        inputMode="numeric"
                        aria-label={`${c.label} of ${t.teamName}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        value={draft(t)[c.field]}
                        onChange={(e) => setDrafts({ ...drafts, [t.signupId]: { ...draft(t), [c.field]: e.target.value } })}
                        className="h-9"
                      />
                      <FieldError id={`${id}-error`} message={error} />
                    </td>
                  );
                })}
                <td className="px-3 py-2">
                  <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => send([t])}>
                    Save<span className="sr-only"> {t.teamName}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Button disabled={save.isPending || !changed.length} onClick={() => send(changed)}>
          Save all changes
        </Button>
        <span className="text-sm text-slate-600">
          {changed.length ? `${changed.length} ${changed.length === 1 ? 'row' : 'rows'} changed` : 'No unsaved changes'}
        </span>
      </div>
    </div>
  );
}
