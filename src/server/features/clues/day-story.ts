import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DayStory, StoryDay } from '../../../common/schemas/clues';
import type { PublicTeamUpdate } from '../../../common/schemas/team-updates';
import { rallyDate } from '../../../common/rally-time';
import type { Db } from '../../db/client';
import { clueAnswers, clueHintTakes, cluePenalties, clues, signups } from '../../db/schema';
import { seasonSettings } from '../../services/rally-settings';
import { actsCloseAt, huntOver, rallyDays } from '../../services/rally-days';
import { rankStandings } from '../../services/standings';

const SCORING = ['correct', 'approved'] as const;

/**
 * The treasure hunt's day-by-day story of a rally year, for /rally/{year}: per rally day its clues
 * (with the accepted answers, how many teams solved each and who first) and the day's leaders.
 * Nothing shows before the rally's last day is over, and a day only once no answer for it can still
 * arrive (answers made without signal count when they arrive within the setting `actGraceHours` of
 * the day's end). The first solver is the team whose scoring answer the site received first
 * (`received_at`, as the tie rule: a phone's made time can be set back, so it decides no order).
 * The place's coordinates never show, only its name.
 *
 * Each day also tells the teams' updates from the road posted on it (by the rally's calendar),
 * which the team-updates feature reads for the caller (`updatesOf`): more of each day's story is
 * added the same way.
 */
export async function dayStory(
  db: Db,
  year: number,
  now: Date,
  updatesOf: (year: number) => Promise<PublicTeamUpdate[]>,
): Promise<DayStory> {
  const settings = await seasonSettings(db, year);
  if (!settings) return { year, opensOn: null, open: false, days: [], comingDays: [] };
  const { opensOn, open } = huntOver(settings, now);
  if (!open) return { year, opensOn, open, days: [], comingDays: [] };
  const allDays = rallyDays(settings).map((d) => ({ ...d, closesAt: actsCloseAt(d.date, settings) }));
  const closed = allDays.filter((d) => d.closesAt < now);
  const comingDays = allDays
    .filter((d) => d.closesAt >= now)
    .map((d) => ({ day: d.day, date: d.date, showsOn: rallyDate(d.closesAt, settings.timeZone) }));
  const dayNumbers = closed.map((d) => d.day);
  if (!dayNumbers.length) return { year, opensOn, open, days: [], comingDays };

  const ofDays = and(eq(clues.rallyYear, year), inArray(clues.day, dayNumbers));
  const [dayClues, scored, hints, penalties, updates] = await Promise.all([
    db.select().from(clues).where(ofDays).orderBy(asc(clues.day), asc(clues.releaseAt), asc(clues.id)),
    db
      .select({
        signupId: clueAnswers.signupId,
        teamName: signups.teamName,
        clueId: clueAnswers.clueId,
        day: clues.day,
        points: clueAnswers.points,
        // The site's time of receipt decides "first" (the tie rule, services/standings.ts), never the phone's.
        receivedAt: clueAnswers.receivedAt,
      })
      .from(clueAnswers)
      .innerJoin(clues, eq(clues.id, clueAnswers.clueId))
      .innerJoin(signups, eq(signups.id, clueAnswers.signupId))
      .where(and(ofDays, inArray(clueAnswers.status, [...SCORING])))
      .orderBy(asc(clueAnswers.receivedAt), asc(clueAnswers.id)),
    db
      .select({ signupId: clueHintTakes.signupId, day: clues.day, cost: clueHintTakes.cost })
      .from(clueHintTakes)
      .innerJoin(clues, eq(clues.id, clueHintTakes.clueId))
      .where(ofDays),
    db
      .select({ signupId: cluePenalties.signupId, day: cluePenalties.day, points: cluePenalties.points })
      .from(cluePenalties)
      .where(and(eq(cluePenalties.rallyYear, year), inArray(cluePenalties.day, dayNumbers))),
    updatesOf(year),
  ]);

  const days: StoryDay[] = [];
  for (const { day, date } of closed) {
    const theseClues = dayClues.filter((c) => c.day === day);
    if (!theseClues.length) continue;
    const dayScores = scored.filter((s) => s.day === day);
    // The day's own standings: only teams that scored that day can lead it.
    const teams = new Map<number, { signupId: number; teamName: string; total: number; lastScoredAt: string | null }>();
    for (const s of dayScores) {
      const t = teams.get(s.signupId) ?? { signupId: s.signupId, teamName: s.teamName, total: 0, lastScoredAt: null };
      t.total += s.points;
      t.lastScoredAt = s.receivedAt.toISOString();
      teams.set(s.signupId, t);
    }
    for (const h of hints) {
      const t = h.day === day ? teams.get(h.signupId) : undefined;
      if (t) t.total -= h.cost;
    }
    for (const p of penalties) {
      const t = p.day === day ? teams.get(p.signupId) : undefined;
      if (t) t.total -= p.points;
    }
    const ranked = rankStandings([...teams.values()]).filter((t) => t.rank === 1 && t.total > 0);
    days.push({
      day,
      date,
      clues: theseClues.map((c) => {
        const solves = dayScores.filter((s) => s.clueId === c.id);
        const first = solves[0];
        return {
          id: c.id,
          title: c.title,
          body: c.body,
          placeName: c.placeName,
          points: c.points,
          answerKind: c.answerKind,
          acceptedAnswers: c.acceptedAnswers,
          solvedBy: new Set(solves.map((s) => s.signupId)).size,
          firstSolver: first ? { signupId: first.signupId, teamName: first.teamName } : null,
        };
      }),
      leaders: ranked.map((t) => ({ signupId: t.signupId, teamName: t.teamName, points: t.total })),
      updates: updates.filter((u) => rallyDate(u.createdAt, settings.timeZone) === date),
    });
  }
  return { year, opensOn, open, days, comingDays };
}
