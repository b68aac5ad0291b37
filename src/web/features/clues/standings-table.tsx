import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { useClueStandings } from './api';
import { PenaltyForm } from './penalty-form';
import { PenaltyList } from './penalty-list';

/**
 * The hunt's standings as organisers see them, with the tie-break time and photos waiting, a
 * "Penalty" action per team and the season's penalties below.
 */
export function StandingsTable() {
  const { data, isError } = useClueStandings();
  const [penalising, setPenalising] = useState<number | null>(null);
  if (isError) return <p className="text-rally-600">The standings could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the standings">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (!data.teams.length) return <p className="text-sm text-slate-600">No team holds a place yet.</p>;
  const dayCount = data.teams[0]?.days.length ?? 0;
  // The form sits below the table, not in a row of it: a row that wide would widen the page on a phone.
  const chosen = data.teams.find((t) => t.signupId === penalising);
  return (
    <div className="min-w-0 space-y-4">
      {/* Positioned, so the hidden "Actions" header stays inside the scroll box instead of widening a phone's page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600">
              <th className="py-2 pr-3">Rank</th>
              <th className="py-2 pr-3">Team</th>
              <th className="py-2 pr-3">Clue points</th>
              <th className="py-2 pr-3">Hints</th>
              <th className="py-2 pr-3">Penalties</th>
              <th className="py-2 pr-3">Total</th>
              <th className="py-2 pr-3">Places</th>
              <th className="py-2 pr-3">Answered per day</th>
              <th className="py-2 pr-3">Photos waiting</th>
              <th className="py-2 pr-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.teams.map((t) => (
              <tr key={t.signupId} className="border-t border-slate-100">
                <td className="py-2 pr-3">{t.rank}</td>
                <td className="py-2 pr-3">{t.teamName}</td>
                <td className="py-2 pr-3">{t.cluePoints}</td>
                <td className="py-2 pr-3">{t.hintCost ? `−${t.hintCost}` : 0}</td>
                <td className="py-2 pr-3">{t.penalties ? `−${t.penalties}` : 0}</td>
                <td className="py-2 pr-3 font-semibold">{t.total}</td>
                <td className="py-2 pr-3">{t.placesVisited}</td>
                <td className="py-2 pr-3">{t.days.map((d) => `${d.answered}/${d.released}`).join(' · ')}</td>
                <td className="py-2 pr-3">{t.pendingPhotos}</td>
                <td className="py-2 pr-3">
                  <Button size="sm" variant="outline" aria-label={`Penalty for ${t.teamName}`} onClick={() => setPenalising(t.signupId)}>
                    Penalty
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="penalties-heading" className="space-y-2">
        <h3 id="penalties-heading" className="font-bold text-navy-900">
          Penalties
        </h3>
        {chosen && <PenaltyForm key={chosen.signupId} team={chosen} dayCount={dayCount} onDone={() => setPenalising(null)} />}
        <PenaltyList penalties={data.penaltyList} />
      </section>
    </div>
  );
}
