import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PublicStanding } from '@common/schemas/clues';
import { TIE_RULE } from '@common/tie-rule';
import { Skeleton } from '../../components/ui/card';
import { usePublicStandings } from './api';

/** The day whose clues are out now: the latest rally day with a clue released. */
function currentDay(teams: PublicStanding[]): number | null {
  const days = teams[0]?.days.filter((d) => d.released > 0) ?? [];
  return days.at(-1)?.day ?? null;
}

function Progress({ team, day }: { team: PublicStanding; day: number }) {
  const today = team.days.find((d) => d.day === day);
  if (!today) return null;
  return (
    <span className="block text-xs text-slate-600">
      Day {day}: {today.answered} of {today.released} {today.released === 1 ? 'clue' : 'clues'}
    </span>
  );
}

/**
 * Whether the standings board, where `shown`, has its answer (or has failed): on a phone what
 * comes below the board waits for it, so nothing the visitor is reading jumps down when the
 * teams' rows arrive.
 */
export function useStandingsSettled(shown: boolean): boolean {
  const { data, isError } = usePublicStandings(shown);
  return !shown || !!data || isError;
}

/**
 * The hunt's standings for supporters: rank, team (to its donate page), points, hints, penalties,
 * total, the day's progress. `teamAction` is what the page adds under each team's name (the Follow
 * button of the followers feature, which this board does not know of).
 */
export function StandingsBoard({ teamAction }: { teamAction?: (team: PublicStanding) => ReactNode } = {}) {
  const { data, isError } = usePublicStandings();
  if (isError)
    return <p className="text-sm text-rally-600">The standings could not be loaded. They will appear when the connection returns.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the standings" className="space-y-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  if (!data.teams.length)
    return <p className="text-sm text-slate-600">The teams will be listed here once places in the rally are taken.</p>;
  const day = currentDay(data.teams);
  // A follow form opened under a team's name on a phone can make the table wider than the card: it then scrolls within the card.
  return (
    <div className="overflow-x-auto">
      {day === null && (
        <p className="mb-2 text-sm text-slate-600">No clue has been released yet: scores start with the first clue of the rally.</p>
      )}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Treasure hunt standings</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-2">
              #
            </th>
            <th scope="col" className="py-2 pr-2">
              Team
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Points
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              Hints
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              <abbr title="Penalties" className="no-underline">
                Pen.
              </abbr>
            </th>
            <th scope="col" className="py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {data.teams.map((t) => (
            <tr key={t.signupId} className="border-b border-slate-100 align-top" data-testid={`standing-${t.signupId}`}>
              <td className="py-2 pr-2 font-semibold text-navy-900">{t.rank}</td>
              <td className="py-2 pr-2">
                {/* Both links at least 24 px high and apart, so a finger hits the one it means (WCAG target size). */}
                <Link href={`/donate/${t.signupId}`} className="inline-block min-h-6 font-semibold leading-6 text-navy-800 hover:underline">
                  {t.teamName}
                </Link>
                {day !== null && <Progress team={t} day={day} />}
                <Link
                  href={`/donate/${t.signupId}`}
                  className="ml-2 inline-block min-h-6 min-w-6 text-xs font-semibold leading-6 text-rally-600 hover:underline"
                >
                  Donate<span className="sr-only"> to {t.teamName}</span>
                </Link>
                {teamAction && <div className="mt-1">{teamAction(t)}</div>}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{t.cluePoints}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{t.hintCost ? `−${t.hintCost}` : 0}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{t.penalties ? `−${t.penalties}` : 0}</td>
              <td className="py-2 text-right font-bold tabular-nums text-navy-900">{t.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">{TIE_RULE}</p>
    </div>
  );
}
