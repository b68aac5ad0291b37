import { fullNameOrDash, orDash } from '@common/participants';
import { useRallyParticipants } from './api';

const headings = ['Rank', 'Team Name', 'Driver', 'Co-Driver', 'Car Model', 'Score'];

/** A past rally's results: a name shows only when both first and last name are known. */
export function RallyParticipants({ year }: { year: number }) {
  const { data, isLoading } = useRallyParticipants(year);
  if (isLoading) return <p className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">Loading participants...</p>;
  if (!data?.length)
    return <p className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">No participants found for this rally.</p>;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${year} participants table`}
      className="overflow-x-auto rounded-2xl border border-slate-200 shadow-sm"
    >
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="bg-navy-900 text-white">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.map((p) => (
            <tr key={p.id} className="hover:bg-navy-50/60">
              <td className="px-4 py-2.5 font-bold text-navy-900">{orDash(p.rank)}</td>
              <td className="px-4 py-2.5 font-semibold text-navy-900">{orDash(p.teamName)}</td>
              <td className="px-4 py-2.5 text-slate-700">{fullNameOrDash(p.driverFirstName, p.driverLastName)}</td>
              <td className="px-4 py-2.5 text-slate-700">{fullNameOrDash(p.coDriverFirstName, p.coDriverLastName)}</td>
              <td className="px-4 py-2.5 text-slate-700">{orDash(p.carModel)}</td>
              <td className="px-4 py-2.5 text-slate-700">{orDash(p.totalScore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
