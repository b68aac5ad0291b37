import { useMemo, useState } from 'react';
import { ClipboardList, FileDown, Search } from 'lucide-react';
import { passportStatus } from '@common/admin-signup';
import type { AdminTeam } from '@common/schemas/registrations';
import { useRallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/card';
import { AdminSection } from '../../components/layout/admin-section';
import { paths } from './api';
import { AdminTeamCard } from './admin-team-card';
import { RegistrationsTable } from './registrations-table';
import type { RegistrationsParts } from './parts';

const matches = (s: AdminTeam, q: string) =>
  [
    s.teamName,
    `${s.driverFirstName} ${s.driverLastName}`,
    `${s.coDriverFirstName ?? ''} ${s.coDriverLastName ?? ''}`,
    s.driverEmail,
    s.carMake,
    s.carModel,
  ].some((v) => v?.toLowerCase().includes(q));

/** The year's registrations (the current season unless another year is chosen), with a search and the CSV export. */
export function RegistrationsSection({
  signups: all,
  isLoading,
  isError,
  parts,
}: {
  signups: AdminTeam[];
  isLoading: boolean;
  isError: boolean;
  parts: RegistrationsParts;
}) {
  const thisYear = useRallySettings().year;
  const [year, setYear] = useState(thisYear);
  const years = useMemo(() => [...new Set([thisYear, ...all.map((s) => s.rallyYear)])].sort((a, b) => b - a), [all, thisYear]);
  const signups = useMemo(() => all.filter((s) => s.rallyYear === year), [all, year]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? signups.filter((s) => matches(s, q)) : signups;
  }, [signups, query]);
  const complete = signups.filter((s) => passportStatus(s) === 'Complete').length;
  const [includeSensitive, setIncludeSensitive] = useState(false);
  // The table shows the season at a glance; the cards are where a team is edited.
  const [view, setView] = useState<'table' | 'cards'>('table');
  const openCard = (id: number) => {
    setQuery(signups.find((s) => s.id === id)?.teamName ?? '');
    setView('cards');
  };

  return (
    <AdminSection
      id="registrations"
      title={`${year} Rally Registrations`}
      icon={ClipboardList}
      description={
        isLoading ? undefined : `${signups.length} ${signups.length === 1 ? 'team' : 'teams'} · passports complete for ${complete}`
      }
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 accent-navy-800"
              checked={includeSensitive}
              onChange={(e) => setIncludeSensitive(e.target.checked)}
            />
            include passport and medical data
          </label>
          <a href={paths.signupsCsv(includeSensitive)} download className={buttonClass('outline', 'sm')}>
            <FileDown className="h-4 w-4" aria-hidden /> Export Registrations (CSV)
          </a>
        </div>
      }
    >
      {years.length > 1 && (
        <div className="mb-3 max-w-40">
          <Label htmlFor="registrations-year">Rally year</Label>
          <select
            id="registrations-year"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mb-3 inline-flex rounded-lg border border-slate-200 bg-white p-1" role="group" aria-label="Show registrations as">
        {(['table', 'cards'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className={`rounded-md px-3 py-1 text-sm font-semibold ${view === v ? 'bg-navy-800 text-white' : 'text-navy-800'}`}
          >
            {v === 'table' ? 'Table' : 'Cards'}
          </button>
        ))}
      </div>
      {signups.length > 3 && (
        <div className="mb-4 max-w-sm">
          <Label htmlFor="registrations-search" className="sr-only">
            Search registrations
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-3.5 h-4 w-4 text-slate-400" aria-hidden />
            <Input
              id="registrations-search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search team, driver, email or car..."
              className="pl-9"
            />
          </div>
        </div>
      )}
      {isLoading ? (
        <div className="space-y-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg bg-rally-500/10 p-4 text-rally-600">
          <p className="font-semibold">Failed to load registrations</p>
          <p>There was a problem loading the participant list. Please try again.</p>
        </div>
      ) : signups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No signups yet.</p>
      ) : view === 'table' ? (
        <RegistrationsTable signups={shown} onOpen={openCard} parts={parts} />
      ) : (
        <div className="space-y-5">
          {shown.map((s) => (
            <AdminTeamCard key={s.id} signup={s} parts={parts} />
          ))}
          {shown.length === 0 && <p className="text-slate-600">No registrations match your search.</p>}
        </div>
      )}
    </AdminSection>
  );
}
