import { useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Trophy } from 'lucide-react';
import { defaultWinnerSort, nextWinnerSort, sortWinners, type WinnerSortField } from '@common/winners-sort';
import { Skeleton } from '../../components/ui/card';
import { useWinners } from '../../lib/winners';
import { SectionHeading } from '../../components/section-heading';

const columns: { field: WinnerSortField; label: string }[] = [
  { field: 'year', label: 'Year' },
  { field: 'destination', label: 'Destination' },
  { field: 'winners', label: 'Winners' },
  { field: 'teamName', label: 'Team Name' },
];

export function WinnersTable() {
  const [sort, setSort] = useState(defaultWinnerSort);
  const { data: winners, isError } = useWinners();
  const rows = useMemo(() => (winners ? sortWinners(winners, sort) : []), [winners, sort]);
  const years = winners?.map((w) => w.year) ?? [];
  return (
    <section id="winners" aria-labelledby="winners-title" className="bg-navy-50 py-20">
      <div className="mx-auto max-w-5xl px-4">
        <SectionHeading id="winners-title" eyebrow="Hall of fame" title="Rally Champions">
          {years.length ? (
            `The teams who cracked the most clues, from the first rally in ${Math.min(...years)} to ${Math.max(...years)}.`
          ) : (
            <>The teams who cracked the most clues.</>
          )}
        </SectionHeading>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {/* Below sm each row becomes a small card; the sort buttons wrap above them. */}
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">Rally winners by year; select a column heading to sort</caption>
            <thead className="bg-navy-900 text-white max-sm:block">
              <tr className="max-sm:flex max-sm:flex-wrap max-sm:px-2">
                {columns.map(({ field, label }) => {
                  const active = sort.field === field;
                  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
                  return (
                    <th
                      key={field}
                      scope="col"
                      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                      className="px-4 py-3 max-sm:px-2"
                    >
                      <button
                        type="button"
                        onClick={() => setSort(nextWinnerSort(sort, field))}
                        className="inline-flex items-center gap-1.5 rounded font-semibold hover:text-gold-300 cursor-pointer"
                      >
                        {label} <Icon className={active ? 'h-4 w-4 text-gold-400' : 'h-4 w-4 opacity-60'} aria-hidden />
                      </button>
                    </th>
                  );
                })}
                <th scope="col" className="px-4 py-3 max-sm:hidden">
                  <span className="sr-only">Participants</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {!winners && (
                <tr className="max-sm:block">
                  <td colSpan={5} className="px-4 py-3 max-sm:block">
                    {isError ? (
                      <span className="text-slate-600">The winners could not be loaded. Please refresh the page.</span>
                    ) : (
                      <div className="space-y-2" role="status" aria-label="Loading the winners">
                        <Skeleton className="h-6 w-full" />
                        <Skeleton className="h-6 w-full" />
                        <Skeleton className="h-6 w-full" />
                      </div>
                    )}
                  </td>
                </tr>
              )}
              {rows.map((w) => (
                <tr key={w.year} className="hover:bg-navy-50/60 max-sm:grid max-sm:grid-cols-2 max-sm:gap-y-0.5 max-sm:px-4 max-sm:py-3">
                  <td className="px-4 py-3 font-bold text-navy-900 max-sm:p-0">
                    <span className="inline-flex items-center gap-2">
                      <Trophy className="h-4 w-4 text-gold-500" aria-hidden />
                      {w.year}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700 max-sm:col-span-2 max-sm:row-start-2 max-sm:p-0">{w.destination}</td>
                  <td className="px-4 py-3 text-slate-900 max-sm:col-span-2 max-sm:p-0 max-sm:font-medium">{w.winners}</td>
                  <td className="px-4 py-3 text-slate-700 max-sm:col-span-2 max-sm:p-0 max-sm:italic">{w.teamName}</td>
                  <td className="px-4 py-3 text-right max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0">
                    <a href={`#participants?year=${w.year}`} className="font-semibold text-navy-700 underline-offset-4 hover:underline">
                      View<span className="sr-only"> {w.year} participants</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
