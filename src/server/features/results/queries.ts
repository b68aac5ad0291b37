import { and, asc, eq, inArray, isNotNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { TeamResult, YearResults } from '../../../common/schemas/results';
import { fullName } from '../../../common/person-name';
import type { Db } from '../../db/client';
import { historicParticipants, rallies, signups, teamResults } from '../../db/schema';

/**
 * The teams that took part in a year's rally: every entry of the year except withdrawn ones, those
 * still on the waiting list (they never had a place) and erased ones (privacy erasure blanks the
 * driver's address; nobody may be named for them again).
 */
export const tookPart = (year: number) =>
  and(eq(signups.rallyYear, year), notInArray(signups.status, ['withdrawn', 'waiting_list']), ne(signups.driverEmail, ''));

/** The year's teams with what publishing needs: names, e-mails, car, and their result if entered. */
export function yearTeams(db: Db, year: number) {
  return db
    .select({
      signupId: signups.id,
      teamName: signups.teamName,
      driverFirstName: signups.driverFirstName,
      driverLastName: signups.driverLastName,
      driverEmail: signups.driverEmail,
      coDriverFirstName: signups.coDriverFirstName,
      coDriverLastName: signups.coDriverLastName,
      coDriverEmail: signups.coDriverEmail,
      carMake: signups.carMake,
      carModel: signups.carModel,
      rank: teamResults.rank,
      carNumber: teamResults.carNumber,
      score: teamResults.score,
    })
    .from(signups)
    .leftJoin(teamResults, eq(teamResults.signupId, signups.id))
    .where(tookPart(year))
    .orderBy(sql`${teamResults.rank} asc nulls last`, asc(signups.teamName), asc(signups.id));
}
export type YearTeam = Awaited<ReturnType<typeof yearTeams>>[number];

/** The results screen of a year: its teams with their results, and how many are published. */
export async function yearResults(db: Db, year: number): Promise<YearResults> {
  const teams = await yearTeams(db, year);
  const ids = teams.map((t) => t.signupId);
  const published = ids.length
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(historicParticipants)
        .where(and(isNotNull(historicParticipants.signupId), inArray(historicParticipants.signupId, ids)))
    : [{ n: 0 }];
  return {
    year,
    teams: teams.map((t): TeamResult => ({
      signupId: t.signupId,
      teamName: t.teamName,
      driverName: fullName(t.driverFirstName, t.driverLastName) ?? t.driverFirstName,
      coDriverName: fullName(t.coDriverFirstName, t.coDriverLastName),
      rank: t.rank,
      carNumber: t.carNumber,
      score: t.score,
    })),
    publishedTeams: published[0]?.n ?? 0,
  };
}

/**
 * The years the results screen offers: every year with a rally, newest first: the rally history,
 * the years whose teams took part (a rally not yet published into the history), and the current
 * season. A year without a rally has no results to enter.
 */
export async function resultsYears(db: Db, currentSeason: number): Promise<number[]> {
  const history = await db.select({ year: rallies.year }).from(rallies);
  const teamYears = await db
    .selectDistinct({ year: signups.rallyYear })
    .from(signups)
    .where(and(lte(signups.rallyYear, currentSeason), notInArray(signups.status, ['withdrawn', 'waiting_list'])));
  const years = new Set([currentSeason, ...history.map((r) => r.year), ...teamYears.map((r) => r.year)]);
  return [...years].sort((a, b) => b - a);
}
