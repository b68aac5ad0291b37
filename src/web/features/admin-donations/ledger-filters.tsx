import type { AdminTeam } from '@common/schemas/registrations';
import { donationSources, donationStates } from '@common/schemas/donation';
import { sourceLabels, stateLabels, type LedgerFilter } from '@common/schemas/ledger';
import { Input, Label } from '../../components/ui/input';

const select =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200';

/** Team, source, state and a day range; each change shows the first page of the new selection. */
export function LedgerFilters({
  filter,
  teams,
  onChange,
}: {
  filter: LedgerFilter;
  teams: AdminTeam[];
  onChange: (f: LedgerFilter) => void;
}) {
  const set = (patch: Partial<LedgerFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const orEmpty = <T,>(v: string) => (v === '' ? undefined : (v as T));
  return (
    <form
      role="search"
      aria-label="Filter donations"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <div>
        <Label htmlFor="ledger-team">Team</Label>
        <select
          id="ledger-team"
          className={select}
          value={filter.signupId ?? ''}
          onChange={(e) => set({ signupId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">All teams</option>
          {[...teams]
            .sort((a, b) => a.teamName.localeCompare(b.teamName))
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.teamName}
              </option>
            ))}
        </select>
      </div>
      <div>
        <Label htmlFor="ledger-source">Source</Label>
        <select
          id="ledger-source"
          className={select}
          value={filter.source ?? ''}
          onChange={(e) => set({ source: orEmpty(e.target.value) })}
        >
          <option value="">All sources</option>
          {donationSources.map((s) => (
            <option key={s} value={s}>
              {sourceLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="ledger-state">State</Label>
        <select id="ledger-state" className={select} value={filter.state ?? ''} onChange={(e) => set({ state: orEmpty(e.target.value) })}>
          <option value="">All states</option>
          {donationStates.map((s) => (
            <option key={s} value={s}>
              {stateLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="ledger-from">From</Label>
        <Input id="ledger-from" type="date" value={filter.from ?? ''} onChange={(e) => set({ from: orEmpty(e.target.value) })} />
      </div>
      <div>
        <Label htmlFor="ledger-to">To</Label>
        <Input id="ledger-to" type="date" value={filter.to ?? ''} onChange={(e) => set({ to: orEmpty(e.target.value) })} />
      </div>
    </form>
  );
}
