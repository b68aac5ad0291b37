import type { MyClues } from '@common/schemas/clues';
import { Card, Skeleton } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { TIE_RULE } from '@common/tie-rule';
import { useStandings } from '../api';

/** Every team's standing, the team's own row marked. */
export function StandingsSection({ rally }: { rally: MyClues }) {
  const standings = useStandings();
  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title" className="mb-2 text-xl font-bold text-navy-900">
        Standings
      </h2>
      <Card className="p-2">
        {standings.data ? (
          <ol className="divide-y divide-slate-100">
            {standings.data.teams.map((team) => {
              const ours = team.signupId === rally.team.id;
              return (
                <li
                  key={team.signupId}
                  aria-current={ours ? 'true' : undefined}
                  className={cn('flex items-center gap-3 px-3 py-3', ours && 'rounded-lg bg-gold-100 font-semibold')}
                >
                  <span className="w-8 text-right text-slate-600">{team.rank}.</span>
                  <span className="flex-1">
                    {team.teamName}
                    {ours && <span className="ml-2 text-sm text-navy-700">(your team)</span>}
                  </span>
                  <span className="tabular-nums">{team.total} pts</span>
                </li>
              );
            })}
          </ol>
        ) : standings.isError ? (
          <p className="p-3 text-slate-600">The standings could not be loaded. They will be tried again shortly.</p>
        ) : (
          <div role="status" className="space-y-2 p-3" aria-busy="true" aria-label="Loading the standings">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        )}
      </Card>
      <p className="mt-2 text-xs text-slate-600">{TIE_RULE}</p>
    </section>
  );
}
