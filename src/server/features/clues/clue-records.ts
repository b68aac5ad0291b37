import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AdminClue, AdminClueList, ClueHint } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Db } from '../../db/client';
import { clueAnswers, clueHintTakes, clues, type Clue } from '../../db/schema';
import { HttpError } from '../../errors';
import type { clueFieldsSchema } from '../../../common/schemas/clues';
import type { z } from 'zod';
import { dateOfDay, rallyDays } from '../../services/rally-days';

export type ClueFieldsParsed = z.output<typeof clueFieldsSchema>;

export const NO_CLUE = 'Clue not found';
export const HINT_TAKEN = 'A team has taken this hint, so it cannot be removed. Change its text instead.';
export const CLUE_ANSWERED = 'Teams have answered or checked in on this clue, so it cannot be deleted.';

/** A clue as stored, for the organisers. */
export function toAdminClue(clue: Clue, rally: RallySettings, now: Date, answerCount = 0): AdminClue {
  return {
    id: clue.id,
    rallyYear: clue.rallyYear,
    day: clue.day,
    date: dateOfDay(rally, clue.day),
    title: clue.title,
    body: clue.body,
    releaseAt: clue.releaseAt.toISOString(),
    released: clue.releaseAt <= now,
    place: { name: clue.placeName, coordinates: [clue.longitude, clue.latitude] },
    radiusMetres: clue.radiusMetres,
    points: clue.points,
    answerKind: clue.answerKind,
    acceptedAnswers: clue.acceptedAnswers,
    hints: clue.hints,
    answerCount,
  };
}

/** The columns of a clue from the organiser's fields; hints keep their ids, new ones get one. */
export function clueColumns(fields: ClueFieldsParsed) {
  const hints: ClueHint[] = fields.hints.map((h) => ({ id: h.id ?? randomUUID(), text: h.text, cost: h.cost }));
  return {
    day: fields.day,
    title: fields.title,
    body: fields.body,
    releaseAt: new Date(fields.releaseAt),
    placeName: fields.place.name,
    longitude: fields.place.coordinates[0],
    latitude: fields.place.coordinates[1],
    radiusMetres: fields.radiusMetres,
    points: fields.points,
    answerKind: fields.answerKind,
    // A photo clue has no answers to match; what was typed for it is not kept.
    acceptedAnswers: fields.answerKind === 'text' ? fields.acceptedAnswers : [],
    hints,
  };
}

/** A clue's day must be one of the season's rally days. */
export function assertRallyDay(rally: RallySettings, day: number): void {
  const days = rallyDays(rally);
  if (!days.some((d) => d.day === day))
    throw new HttpError(400, `The ${rally.year} rally has ${days.length} days: choose a day from 1 to ${days.length}`, [
      { path: ['day'], message: `Choose a day from 1 to ${days.length}` },
    ]);
}

/**
 * A hint teams have taken stays (its id may not go); an edit may change its words or cost, and a
 * team keeps the cost it paid. Refused with 409 before anything is written.
 */
export async function assertTakenHintsKept(db: Db, clueId: number, keptIds: string[]): Promise<void> {
  const taken = await db.selectDistinct({ hintId: clueHintTakes.hintId }).from(clueHintTakes).where(eq(clueHintTakes.clueId, clueId));
  if (taken.some((t) => !keptIds.includes(t.hintId))) throw new HttpError(409, HINT_TAKEN);
}

/** A hint id sent with an edit must be one of the clue's own (a new hint sends none). */
export function assertOwnHintIds(clue: Clue, fields: ClueFieldsParsed): void {
  const own = new Set(clue.hints.map((h) => h.id));
  if (fields.hints.some((h) => h.id && !own.has(h.id))) throw new HttpError(400, 'A hint id is not one of this clue’s hints');
}

/** The season's clues by day, every rally day listed even without clues. */
export async function listSeasonClues(db: Db, rally: RallySettings, now: Date): Promise<AdminClueList> {
  const rows = await db
    .select()
    .from(clues)
    .where(eq(clues.rallyYear, rally.year))
    .orderBy(asc(clues.day), asc(clues.releaseAt), asc(clues.id));
  const counts = rows.length
    ? await db
        .select({ clueId: clueAnswers.clueId, n: count() })
        .from(clueAnswers)
        .where(
          inArray(
            clueAnswers.clueId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(clueAnswers.clueId)
    : [];
  const answered = new Map(counts.map((c) => [c.clueId, c.n]));
  const days = rallyDays(rally);
  // A clue whose day the settings no longer have (the rally was shortened) still shows, after the last day.
  const extraDays = [...new Set(rows.map((r) => r.day))].filter((d) => !days.some((x) => x.day === d));
  return {
    year: rally.year,
    days: [...days, ...extraDays.map((day) => ({ day, date: dateOfDay(rally, day) }))].map(({ day, date }) => ({
      day,
      date,
      clues: rows.filter((r) => r.day === day).map((r) => toAdminClue(r, rally, now, answered.get(r.id) ?? 0)),
    })),
  };
}

/** One clue of the current season, for an organiser's change. */
export async function seasonClue(db: Db, year: number, id: number): Promise<Clue> {
  const [clue] = await db
    .select()
    .from(clues)
    .where(and(eq(clues.id, id), eq(clues.rallyYear, year)));
  if (!clue) throw new HttpError(404, NO_CLUE);
  return clue;
}
