import { and, asc, count, desc, eq, inArray, sum, countDistinct } from 'drizzle-orm';
import type { MyClues } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { clueAnswers, clueCheckIns, clueHintTakes, cluePenalties, clues } from '../../db/schema';
import { toMyAnswer } from '../../services/answer-view';
import { wrongAnswerPenalty } from '../../services/standings';
import { dateOfDay, lateDayOf, todayOf } from '../../services/rally-days';
import type { RallyTeam } from '../../services/rally-team';

/**
 * The team's score over the whole season: points of scored clues, less the hints it took and its
 * penalties (with their reasons), its wrong answers' cost among them when the setting gives one.
 */
async function teamScore(db: Db, rally: RallySettings, signupId: number): Promise<MyClues['score']> {
  const year = rally.year;
  const ofTeam = (col: typeof clueAnswers.signupId | typeof clueHintTakes.signupId | typeof clueCheckIns.signupId) =>
    and(eq(col, signupId), eq(clues.rallyYear, year));
  const [[points], [hints], [visits], organisers, [wrong]] = await Promise.all([
    db
      .select({ n: sum(clueAnswers.points).mapWith(Number) })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofTeam(clueAnswers.signupId), inArray(clueAnswers.status, ['correct', 'approved']))),
    db
      .select({ n: sum(clueHintTakes.cost).mapWith(Number) })
      .from(clueHintTakes)
      .innerJoin(clues, eq(clues.id, clueHintTakes.clueId))
      .where(ofTeam(clueHintTakes.signupId)),
    db
      .select({ n: countDistinct(clueCheckIns.clueId) })
      .from(clueCheckIns)
      .innerJoin(clues, eq(clues.id, clueCheckIns.clueId))
      .where(and(ofTeam(clueCheckIns.signupId), eq(clueCheckIns.within, true))),
    db
      .select({ points: cluePenalties.points, reason: cluePenalties.reason, day: cluePenalties.day })
      .from(cluePenalties)
      .where(and(eq(cluePenalties.signupId, signupId), eq(cluePenalties.rallyYear, year)))
      .orderBy(desc(cluePenalties.createdAt), desc(cluePenalties.id)),
    db
      .select({ n: count() })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .where(and(ofTeam(clueAnswers.signupId), eq(clueAnswers.status, 'wrong'))),
  ]);
  const wrongCost = wrongAnswerPenalty(wrong?.n ?? 0, rally.wrongAnswerPenaltyPoints);
  const penaltyList = wrongCost ? [...organisers, { ...wrongCost, day: null }] : organisers;
  const cluePoints = points?.n ?? 0;
  const hintCost = hints?.n ?? 0;
  const penalties = penaltyList.reduce((n, p) => n + p.points, 0);
  return { cluePoints, hintCost, penalties, total: cluePoints - hintCost - penalties, placesVisited: visits?.n ?? 0, penaltyList };
}

/**
 * What the rally app shows a team: its score, today's released clues with its own answers, hints
 * and visits, and when today's other clues come out. Nothing of another team, and of a clue not yet
 * released only its time. After midnight, while what was done yesterday without signal may still
 * arrive (`actGraceHours`), yesterday's clues too: a hint taken at 23:50 and sent at 00:30 shows its
 * text on the clue it was charged to, and an answer waiting on the phone stays under its clue.
 */
export async function myClues(db: Db, rally: RallySettings, now: Date, team: RallyTeam): Promise<MyClues> {
  const today = todayOf(rally, now);
  const late = lateDayOf(rally, now);
  const yesterday = late && { day: late.day, date: late.date, closesAt: late.closesAt.toISOString() };
  const score = await teamScore(db, rally, team.id);
  const days = [late?.day, today?.day].filter((d): d is number => d !== undefined);
  if (!days.length) return { team, today, yesterday, score, clues: [], upcoming: [] };
  const dayClues = await db
    .select()
    .from(clues)
    .where(and(eq(clues.rallyYear, rally.year), inArray(clues.day, days)))
    .orderBy(asc(clues.day), asc(clues.releaseAt), asc(clues.id));
  const released = dayClues.filter((c) => c.releaseAt <= now);
  const ids = released.map((c) => c.id);
  const [answers, takes, visits] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(clueAnswers)
          .where(and(eq(clueAnswers.signupId, team.id), inArray(clueAnswers.clueId, ids)))
          .orderBy(asc(clueAnswers.answeredAt), asc(clueAnswers.id)),
        db
          .select()
          .from(clueHintTakes)
          .where(and(eq(clueHintTakes.signupId, team.id), inArray(clueHintTakes.clueId, ids))),
        db
          .selectDistinct({ clueId: clueCheckIns.clueId })
          .from(clueCheckIns)
          .where(and(eq(clueCheckIns.signupId, team.id), inArray(clueCheckIns.clueId, ids), eq(clueCheckIns.within, true))),
      ])
    : [[], [], []];
  return {
    team,
    today,
    yesterday,
    score,
    clues: released.map((c) => {
      const own = answers.filter((a) => a.clueId === c.id);
      return {
        id: c.id,
        day: c.day,
        date: dateOfDay(rally, c.day),
        title: c.title,
        body: c.body,
        releaseAt: c.releaseAt.toISOString(),
        points: c.points,
        answerKind: c.answerKind,
        visited: visits.some((v) => v.clueId === c.id),
        solved: own.some((a) => a.status === 'correct' || a.status === 'approved'),
        answers: own.map(toMyAnswer),
        hints: c.hints.map((h) => {
          const take = takes.find((t) => t.hintId === h.id);
          return { id: h.id, cost: take?.cost ?? h.cost, taken: Boolean(take), text: take ? h.text : null };
        }),
      };
    }),
    upcoming: dayClues
      .filter((c) => c.day === today?.day && c.releaseAt > now)
      .map((c) => ({ id: c.id, day: c.day, releaseAt: c.releaseAt.toISOString() })),
  };
}
