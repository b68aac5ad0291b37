import { and, count, countDistinct, eq, inArray, lte, max, sql, sum } from 'drizzle-orm';
import type { AdminStandings, PublicStanding } from '../../common/schemas/clues';
import type { RallySettings } from '../../common/schemas/rally-settings';
import type { Db } from '../db/client';
import { clueAnswers, clueCheckIns, clueHintTakes, cluePenalties, clues, signups } from '../db/schema';
import { HOLDING_A_PLACE } from './rally-places';
import { rallyDays } from './rally-days';

type AdminStanding = AdminStandings['teams'][number];

const SCORING = ['correct', 'approved'] as const;

/**
 * What a team's wrong text answers cost: `wrongAnswerPenaltyPoints` each (rally setting, 0 by
 * default: nothing). Counted into the team's penalties in the standings and listed as one line of
 * its penalties in the rally app, so both show the same total.
 */
export function wrongAnswerPenalty(wrongAnswers: number, pointsEach: number): { points: number; reason: string } | null {
  if (!wrongAnswers || !pointsEach) return null;
  const each = `${pointsEach} ${pointsEach === 1 ? 'point' : 'points'}`;
  return {
    points: wrongAnswers * pointsEach,
    reason: `${wrongAnswers} wrong ${wrongAnswers === 1 ? 'answer' : 'answers'} at ${each} each`,
  };
}

/**
 * The tie rule (docs/features/clues.md, "Standings"; TIE_RULE in common/tie-rule.ts says it in
 * words on every page that ranks teams): by total; level on total, the team whose last scoring
 * answer the site received first (the site's time, which no phone can set back); a team that has
 * scored nothing after one level with it that has; still level, the team that registered first
 * (the lower team number). Every team gets a place of its own, so /live, the rally app, the
 * results and the day-by-day story all show the same order.
 */
export function rankStandings<T extends { signupId: number; total: number; lastScoredAt: string | null }>(
  teams: T[],
): (T & { rank: number })[] {
  const last = (t: T) => (t.lastScoredAt ? Date.parse(t.lastScoredAt) : Infinity);
  return [...teams]
    .sort((a, b) => b.total - a.total || last(a) - last(b) || a.signupId - b.signupId)
    .map((t, i) => ({ ...t, rank: i + 1 }));
}

/** The standings' figures, read in the caller's transaction. */
function readStandings(rally: RallySettings, now: Date, visitsBefore: Date | null) {
  return async (tx: Db) => {
    const teams = await tx
      .select({ id: signups.id, teamName: signups.teamName })
      .from(signups)
      .where(and(eq(signups.rallyYear, rally.year), inArray(signups.status, [...HOLDING_A_PLACE])));
    const ofSeason = eq(clues.rallyYear, rally.year);
    // In turn, not at once: a transaction is one connection, which runs one query at a time.
    const scores = await tx
      .select({ signupId: clueAnswers.signupId, points: sum(clueAnswers.points).mapWith(Number), last: max(clueAnswers.receivedAt) })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofSeason, inArray(clueAnswers.status, [...SCORING])))
      .groupBy(clueAnswers.signupId);
    const perDay = await tx
      .select({ signupId: clueAnswers.signupId, day: clues.day, n: countDistinct(clueAnswers.clueId) })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofSeason, inArray(clueAnswers.status, [...SCORING])))
      .groupBy(clueAnswers.signupId, clues.day);
    const hints = await tx
      .select({ signupId: clueHintTakes.signupId, cost: sum(clueHintTakes.cost).mapWith(Number) })
      .from(clueHintTakes)
      .innerJoin(clues, eq(clues.id, clueHintTakes.clueId))
      .where(ofSeason)
      .groupBy(clueHintTakes.signupId);
    const penalties = await tx
      .select({ signupId: cluePenalties.signupId, points: sum(cluePenalties.points).mapWith(Number) })
      .from(cluePenalties)
      .where(eq(cluePenalties.rallyYear, rally.year))
      .groupBy(cluePenalties.signupId);
    const wrong = await tx
      .select({ signupId: clueAnswers.signupId, n: count() })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofSeason, eq(clueAnswers.status, 'wrong')))
      .groupBy(clueAnswers.signupId);
    const visits = await tx
      .select({ signupId: clueCheckIns.signupId, n: countDistinct(clueCheckIns.clueId) })
      .from(clueCheckIns)
      .innerJoin(clues, eq(clues.id, clueCheckIns.clueId))
      .where(and(ofSeason, eq(clueCheckIns.within, true), visitsBefore ? lte(clueCheckIns.createdAt, visitsBefore) : undefined))
      .groupBy(clueCheckIns.signupId);
    const pending = await tx
      .select({ signupId: clueAnswers.signupId, n: count() })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofSeason, eq(clueAnswers.status, 'pending')))
      .groupBy(clueAnswers.signupId);
    const released = await tx
      .select({ day: clues.day, n: count() })
      .from(clues)
      .where(and(ofSeason, lte(clues.releaseAt, sql`${now.toISOString()}::timestamptz`)))
      .groupBy(clues.day);
    return { teams, scores, perDay, hints, penalties, wrong, visits, pending, released };
  };
}

/**
 * The season's standings, every team holding a place listed. Answering, approving a photo and
 * taking a hint change them; so does a check-in (places visited) and a clue's release (progress).
 */
export async function computeStandings(
  db: Db,
  rally: RallySettings,
  now: Date,
  /** Count only check-ins received by then: the public's standings (publicVisitsBefore). */
  visitsBefore: Date | null = null,
): Promise<AdminStanding[]> {
  // One connection and one snapshot: the figures agree with each other, and a build holds one
  // pooled connection (and one PostgreSQL backend's memory), not eight, while the hunt is busy.
  const { teams, scores, perDay, hints, penalties, wrong, visits, pending, released } = await db.transaction(
    readStandings(rally, now, visitsBefore),
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
  const byTeam = <R extends { signupId: number }>(rows: R[]) => new Map(rows.map((r) => [r.signupId, r]));
  const score = byTeam(scores);
  const hint = byTeam(hints);
  const penalty = byTeam(penalties);
  const wrongOf = byTeam(wrong);
  const visit = byTeam(visits);
  const wait = byTeam(pending);
  const answeredOn = new Map(perDay.map((p) => [`${p.signupId}:${p.day}`, p.n]));
  const releasedOn = new Map(released.map((r) => [r.day, r.n]));
  const days = rallyDays(rally);
  return rankStandings(
    teams.map((t) => {
      const cluePoints = score.get(t.id)?.points ?? 0;
      const hintCost = hint.get(t.id)?.cost ?? 0;
      // The organisers' penalties and, when the setting gives one, the wrong answers' cost (wrongAnswerPenalty, above).
      const penaltyPoints =
        (penalty.get(t.id)?.points ?? 0) + (wrongAnswerPenalty(wrongOf.get(t.id)?.n ?? 0, rally.wrongAnswerPenaltyPoints)?.points ?? 0);
      const last = score.get(t.id)?.last;
      return {
        signupId: t.id,
        teamName: t.teamName,
        cluePoints,
        hintCost,
        penalties: penaltyPoints,
        total: cluePoints - hintCost - penaltyPoints,
        placesVisited: visit.get(t.id)?.n ?? 0,
        days: days.map(({ day }) => ({
          day,
          answered: answeredOn.get(`${t.id}:${day}`) ?? 0,
          released: releasedOn.get(day) ?? 0,
        })),
        lastScoredAt: last ? new Date(last).toISOString() : null,
        pendingPhotos: wait.get(t.id)?.n ?? 0,
      };
    }),
  );
}

/**
 * A check-in tells where a team is: the public counts it among places visited only once it is as
 * old as the map's delay (`livePositionDelayMinutes`), so the standings never show where a team is
 * now beside a map that is half an hour late. The team and the organisers see it at once.
 */
export const publicVisitsBefore = (rally: Pick<RallySettings, 'livePositionDelayMinutes'>, realNow = new Date()) =>
  new Date(realNow.getTime() - rally.livePositionDelayMinutes * 60_000);

/** The public line of a team: what /live shows, nothing more. */
export function toPublicStanding(s: AdminStanding): PublicStanding {
  return {
    rank: s.rank,
    signupId: s.signupId,
    teamName: s.teamName,
    cluePoints: s.cluePoints,
    hintCost: s.hintCost,
    penalties: s.penalties,
    total: s.total,
    placesVisited: s.placesVisited,
    days: s.days,
  };
}
