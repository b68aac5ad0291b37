import type { HuntResults } from '../../../common/schemas/results';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clueAnswers } from '../../db/schema';
import { huntOver } from '../../services/rally-days';
import { computeStandings } from '../../services/standings';
import type { StoredResult } from './merge-results';
import type { YearTeam } from './queries';

export const huntNotOver = (year: number, opensOn: string) =>
  `The ${year} rally's last day is not over yet: the treasure hunt's results can be filled from ${opensOn}.`;
export const noHunt = (year: number) => `The ${year} rally had no treasure hunt clues to fill the results from.`;

/**
 * The results the treasure hunt's final standings give the year's teams: score = the hunt's total
 * (never below 0), rank = the place in the standings. The standings' tie rule (rankStandings) gives
 * every team a place of its own, as the results need.
 */
export async function huntResults(
  db: Db,
  settings: RallySettings,
  now: Date,
  teams: readonly Pick<YearTeam, 'signupId'>[],
): Promise<HuntResults> {
  const { opensOn, open } = huntOver(settings, now);
  const ofYear = new Set(teams.map((t) => t.signupId));
  const standings = (await computeStandings(db, settings, now)).filter((s) => ofYear.has(s.signupId));
  const [waiting] = ofYear.size
    ? await db
        .select({ n: count() })
        .from(clueAnswers)
        .where(and(eq(clueAnswers.status, 'pending'), inArray(clueAnswers.signupId, [...ofYear])))
    : [];
  return {
    year: settings.year,
    opensOn,
    open,
    hasClues: standings.some((s) => s.days.some((d) => d.released > 0)),
    photosWaiting: waiting?.n ?? 0,
    teams: standings.map((s) => ({
      signupId: s.signupId,
      teamName: s.teamName,
      rank: s.rank,
      score: Math.max(0, s.total),
    })),
  };
}

/**
 * The year's results once filled from the hunt: every team the hunt ranks gets its rank and score,
 * keeping its car number. Results already there that the fill would change are listed in `typed`:
 * the caller overwrites them only when the organiser confirmed it.
 */
export function planHuntFill(hunt: HuntResults, current: ReadonlyMap<number, StoredResult>) {
  const next = new Map(current);
  const typed: number[] = [];
  for (const t of hunt.teams) {
    const before = current.get(t.signupId);
    if (before && (before.rank !== t.rank || before.score !== t.score)) typed.push(t.signupId);
    next.set(t.signupId, { rank: t.rank, carNumber: before?.carNumber ?? null, score: t.score });
  }
  // The hunt ranks every team of the year (the standings list every team holding a place), so ranks stay unique.
  return { next, ids: hunt.teams.map((t) => t.signupId), typed };
}
