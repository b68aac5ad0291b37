import { useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, CheckCircle2, Mail } from 'lucide-react';
import { passportStatus } from '@common/admin-signup';
import { entryStatuses, entryStatusLabels, type EntryStatus } from '@common/schemas/entry-status';
import type { AdminTeam } from '@common/schemas/registrations';
import { formatPence } from '@common/money';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { depositSummary } from '../../lib/deposit-summary';
import type { RegistrationsParts } from './parts';
import { useChangeStatuses } from './api';

const depositPaid = (s: AdminTeam) => s.status === 'deposit_paid' || s.status === 'confirmed';

/** What an organiser chases before the rally; each is a filter of the table. */
const missing = {
  deposit: { label: 'Deposit', test: (s: AdminTeam) => s.status === 'registered' },
  passports: { label: 'Passports', test: (s: AdminTeam) => passportStatus(s) === 'Incomplete' },
  photo: { label: 'Car photo', test: (s: AdminTeam) => !s.carImageUrl },
  page: { label: 'Fundraising page', test: (s: AdminTeam) => !s.justGivingUrl },
} as const;
type Missing = keyof typeof missing;

/** The day a team registered, as the organisers in Jersey read it. */
const registeredOn = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Jersey' });

const columns = {
  team: (a: AdminTeam, b: AdminTeam) => a.teamName.localeCompare(b.teamName),
  registered: (a: AdminTeam, b: AdminTeam) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
  status: (a: AdminTeam, b: AdminTeam) => entryStatuses.indexOf(a.status) - entryStatuses.indexOf(b.status),
  raised: (a: AdminTeam, b: AdminTeam) => a.donationTotal - b.donationTotal,
} as const;
type SortColumn = keyof typeof columns;

const yesNo = (ok: boolean) =>
  ok ? <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-label="yes" /> : <span className="text-rally-600">missing</span>;

/**
 * The season at a glance: one row per team with what is done and what is missing, counts per
 * status, filters, sorting and bulk actions (e-mail the selected teams, mark confirmed). Choosing a
 * team opens its card.
 */
export function RegistrationsTable({
  signups,
  onOpen,
  parts,
}: {
  signups: AdminTeam[];
  onOpen: (id: number) => void;
  parts: RegistrationsParts;
}) {
  const [status, setStatus] = useState<EntryStatus | ''>('');
  const [lacking, setLacking] = useState<Missing | ''>('');
  const [sort, setSort] = useState<{ by: SortColumn; desc: boolean }>({ by: 'team', desc: false });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [writing, setWriting] = useState(false);
  const change = useChangeStatuses();

  const counts = useMemo(
    () => Object.fromEntries(entryStatuses.map((st) => [st, signups.filter((s) => s.status === st).length])),
    [signups],
  );
  const rows = useMemo(() => {
    const kept = signups.filter((s) => (!status || s.status === status) && (!lacking || missing[lacking].test(s)));
    const sorted = [...kept].sort(columns[sort.by]);
    return sort.desc ? sorted.reverse() : sorted;
  }, [signups, status, lacking, sort]);
  const chosen = rows.filter((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const markConfirmed = () =>
    change.mutate(
      { ids: chosen.map((r) => r.id), status: 'confirmed' },
      {
        onSuccess: (r) => {
          setSelected(new Set());
          toast({ title: 'Teams confirmed', description: `${r.changed} confirmed${r.unchanged ? `, ${r.unchanged} already were` : ''}.` });
        },
        onError: (e) => toast({ title: 'Not confirmed', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
      },
    );
  const header = (by: SortColumn, label: string) => (
    <th scope="col" aria-sort={sort.by === by ? (sort.desc ? 'descending' : 'ascending') : 'none'} className="px-2 py-2">
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold"
        onClick={() => setSort({ by, desc: sort.by === by ? !sort.desc : false })}
      >
        {label}
        {sort.by === by && (sort.desc ? <ArrowDown className="h-3 w-3" aria-hidden /> : <ArrowUp className="h-3 w-3" aria-hidden />)}
      </button>
    </th>
  );

  return (
    <div>
      <ul className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Teams per status">
        {entryStatuses.map((st) => (
          <li key={st} className="rounded-full border border-slate-200 bg-white px-3 py-1">
            {entryStatusLabels[st]}: <strong className="tabular-nums">{counts[st]}</strong>
          </li>
        ))}
      </ul>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="registrations-status">Status</Label>
          <select
            id="registrations-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as EntryStatus | '')}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">All statuses</option>
            {entryStatuses.map((st) => (
              <option key={st} value={st}>
                {entryStatusLabels[st]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="registrations-missing">Missing</Label>
          <select
            id="registrations-missing"
            value={lacking}
            onChange={(e) => setLacking(e.target.value as Missing | '')}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">Anything or nothing</option>
            {Object.entries(missing).map(([key, m]) => (
              <option key={key} value={key}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <Button size="sm" variant="outline" disabled={!chosen.length} onClick={() => setWriting(true)}>
          <Mail className="h-4 w-4" aria-hidden /> {`E-mail selected teams (${chosen.length})`}
        </Button>
        <Button size="sm" variant="secondary" disabled={!chosen.length || change.isPending} onClick={markConfirmed}>
          {change.isPending ? 'Confirming...' : `Mark confirmed (${chosen.length})`}
        </Button>
      </div>
      <parts.TeamEmail teams={chosen} open={writing} onOpenChange={setWriting} onSent={() => setSelected(new Set())} />
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        {/* Long names wrap anywhere, so the table fits a 1280 px screen whatever the teams are called. */}
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Registrations</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Select</span>
              </th>
              {header('team', 'Team')}
              {header('registered', 'Registered on')}
              <th scope="col" className="px-2 py-2">
                Driver
              </th>
              <th scope="col" className="px-2 py-2">
                Co-driver
              </th>
              {header('status', 'Status')}
              <th scope="col" className="px-2 py-2">
                Deposit
              </th>
              <th scope="col" className="px-2 py-2">
                Passports
              </th>
              <th scope="col" className="px-2 py-2">
                Car photo
              </th>
              <th scope="col" className="px-2 py-2">
                Fundraising page
              </th>
              {header('raised', 'Raised')}
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id} className="border-t border-slate-100">
                <td className="px-2 py-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-navy-800"
                    aria-label={`Select ${s.teamName}`}
                    checked={selected.has(s.id)}
                    onChange={() => toggle(s.id)}
                  />
                </td>
                <td className="px-2 py-2 wrap-anywhere">
                  <button
                    type="button"
                    className="text-left font-semibold text-navy-800 underline-offset-2 hover:underline"
                    onClick={() => onOpen(s.id)}
                  >
                    {s.teamName}
                  </button>
                </td>
                <td className="whitespace-nowrap px-2 py-2 tabular-nums">
                  <time dateTime={s.createdAt}>{registeredOn.format(new Date(s.createdAt))}</time>
                </td>
                <td className="px-2 py-2 wrap-anywhere">{`${s.driverFirstName} ${s.driverLastName}`}</td>
                <td className="px-2 py-2 wrap-anywhere">
                  {s.coDriverFirstName ? (
                    `${s.coDriverFirstName} ${s.coDriverLastName ?? ''}`
                  ) : (
                    <span className="text-slate-500">none</span>
                  )}
                </td>
                <td className="px-2 py-2">{entryStatusLabels[s.status]}</td>
                <td className="px-2 py-2">
                  {yesNo(depositPaid(s))}
                  {depositSummary(s) && <span className="block text-xs text-slate-600">{depositSummary(s)}</span>}
                </td>
                <td className="px-2 py-2">{yesNo(passportStatus(s) === 'Complete')}</td>
                <td className="px-2 py-2">{yesNo(Boolean(s.carImageUrl))}</td>
                <td className="px-2 py-2">{yesNo(Boolean(s.justGivingUrl))}</td>
                <td className="px-2 py-2 tabular-nums">{formatPence(s.donationTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="p-4 text-slate-600">No registrations match these filters.</p>}
      </div>
    </div>
  );
}
