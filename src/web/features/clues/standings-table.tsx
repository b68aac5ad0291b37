import { Skeleton } from '../../components/ui/card';
import { useClueStandings } from './api';

/** The hunt's standings as organisers see them, with the tie-break time and photos waiting. */
export function StandingsTable() {
  const { data, isError } = useClueStandings();
  if (isError) return <p className="text-rally-600">The standings could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the standings">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (!data.teams.length) return <p className="text-sm text-slate-600">No team holds a place yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-slate-600">
            <th className="py-2 pr-3">Rank</th>
            <th className="py-2 pr-3">Team</th>
            <th className="py-2 pr-3">Clue points</th>
            <th className="py-2 pr-3">Hints</th>
            <th className="py-2 pr-3">Total</th>
            <th className="py-2 pr-3">Places</th>
            <th className="py-2 pr-3">Answered per day</th>
            <th className="py-2 pr-3">Photos waiting</th>
          </tr>
        </thead>
        <tbody>
          {data.teams.map((t) => (
            <tr key={t.signupId} className="border-t border-slate-100">
              <td className="py-2 pr-3">{t.rank}</td>
              <td className="py-2 pr-3">{t.teamName}</td>
              <td className="py-2 pr-3">{t.cluePoints}</td>
              <td className="py-2 pr-3">{t.hintCost ? `−${t.hintCost}` : 0}</td>
              <td className="py-2 pr-3 font-semibold">{t.total}</td>
              <td className="py-2 pr-3">{t.placesVisited}</td>
              <td className="py-2 pr-3">{t.days.map((d) => `${d.answered}/${d.released}`).join(' · ')}</td>
              <td className="py-2 pr-3">{t.pendingPhotos}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
