import { useEffect, useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { filterParticipants, orDash, participantYears, type Participant } from '@common/participants';
import { Input, Label } from '../../components/ui/input';
import { useParticipants } from './api';
import { HASH_SCROLL_DELAY_MS, parseSectionHash, scrollToSection } from '../../lib/scroll';
import { SectionHeading } from '../../components/section-heading';
import { useRallySettings } from '../../lib/rally-settings';

type YearFilter = number | 'all';

/** The year a '#participants?year=Y' hash asks for, if any. */
function yearFromHash(): number | null {
  const { section, params } = parseSectionHash(window.location.hash);
  const year = Number(params.get('year'));
  return section === 'participants' && Number.isInteger(year) && year > 0 ? year : null;
}

const name = (first: string | null, last: string | null) => orDash([first, last].filter(Boolean).join(' '));
const headings = ['Year', 'Rank', 'Car #', 'Team Name', 'Driver', 'Co-Driver', 'Car Model', 'Score'];

function Row({ p }: { p: Participant }) {
  const cells = [
    p.year,
    orDash(p.rank),
    orDash(p.carNumber),
    orDash(p.teamName),
    name(p.driverFirstName, p.driverLastName),
    name(p.coDriverFirstName, p.coDriverLastName),
    orDash(p.carModel),
    orDash(p.totalScore),
  ];
  return (
    <tr className="hover:bg-navy-50/60">
      {cells.map((c, i) => (
        <td key={i} className={i === 3 ? 'px-3 py-2.5 font-semibold text-navy-900' : 'px-3 py-2.5 text-slate-700'}>
          {c}
        </td>
      ))}
    </tr>
  );
}

export function ParticipantsSection() {
  const rallySettings = useRallySettings();
  const { data, isLoading } = useParticipants();
  const [query, setQuery] = useState('');
  // null until chosen: by a link's hash, by the visitor, or at random once the data arrives. The
  // hash is read after the first render, which matches the server-rendered HTML (it has no hash).
  const [year, setYear] = useState<YearFilter | null>(null);
  const all = useMemo(() => data ?? [], [data]);
  const years = useMemo(() => participantYears(all), [all]);

  useEffect(() => {
    const onHash = () => {
      const y = yearFromHash();
      if (y === null) return;
      setYear(y);
      setTimeout(() => scrollToSection('participants'), HASH_SCROLL_DELAY_MS);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (year !== null) return;
    const picked = years.length ? (yearFromHash() ?? years[Math.floor(Math.random() * years.length)]) : undefined;
    if (picked !== undefined) setYear(picked);
  }, [year, years]);

  const shown = useMemo(() => filterParticipants(all, query, year ?? 'all'), [all, query, year]);
  // The year is picked in the browser (at random, or from the hash): until then, as while loading.
  const picking = year === null && all.length > 0;
  return (
    <section id="participants" aria-labelledby="participants-title" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="participants-title" eyebrow="Every car, every year" title="Rally Participants">
          Look up a team, a rallier or a car from any rally since {rallySettings.firstYear}.
        </SectionHeading>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="participant-search">Search participants</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-500" aria-hidden />
              <Input
                id="participant-search"
                type="search"
                className="pl-10"
                placeholder="Search by team, driver, or car..."
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
          </div>
          <div className="sm:w-48">
            <Label htmlFor="participant-year">Year</Label>
            <select
              id="participant-year"
              value={year === null ? 'all' : String(year)}
              onChange={(e) => setYear(e.target.value === 'all' ? 'all' : Number(e.target.value))}
              className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-200"
            >
              <option value="all">All Years</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div
          tabIndex={0}
          role="region"
          aria-label="Participants table"
          className="max-h-[36rem] overflow-auto rounded-2xl border border-slate-200 shadow-sm"
        >
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead className="sticky top-0 bg-navy-900 text-white">
              <tr>
                {headings.map((h) => (
                  <th key={h} scope="col" className="px-3 py-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {isLoading || picking ? (
                <tr>
                  <td colSpan={8} className="px-3 py-10 text-center text-slate-600">
                    Loading participants...
                  </td>
                </tr>
              ) : shown.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-10 text-center text-slate-600">
                    No participants found
                  </td>
                </tr>
              ) : (
                shown.map((p) => <Row key={p.id} p={p} />)
              )}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-slate-600" aria-live="polite">
          Showing {shown.length} of {all.length} participants
        </p>
      </div>
    </section>
  );
}
