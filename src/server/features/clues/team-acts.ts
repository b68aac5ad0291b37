import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerInputSchema, checkInInputSchema, hintTakeInputSchema, MyAnswer } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { distanceMetres } from '../../../common/distance';
import type { Db } from '../../db/client';
import { clueAnswers, clueCheckIns, clueHintTakes, type Clue, type ClueAnswer } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { notifyLive } from '../../services/live-events';
import { isAcceptedAnswer } from './answer-match';
import { assertCheckInAllowed } from './check-in-rules';
import { assertMayGuess } from './guess-limits';
import { toMyAnswer } from './answer-view';
import { assertMayAct } from './rally-days';
import { dateOfDay } from './rally-days';
import { lockTeam, seasonClueForTeam, type RallyTeam } from './rally-team';

export const CLIENT_ID_REUSED = 'This clientId was already used for something else: make a new id for a new answer.';
export const ALREADY_SOLVED = 'Your team has already scored this clue.';
export const PHOTO_PENDING = "Your team's photo for this clue is waiting for an organiser: send another only if it is rejected.";
export const WANTS_PHOTO = 'This clue is answered with a photo.';
export const WANTS_TEXT = 'This clue is answered with text, not a photo.';
export const NO_SUCH_HINT = 'Hint not found';
export const HINT_AFTER_SOLVED = 'Your team has already scored this clue, so its hints are no use now.';

type AnswerIn = z.output<typeof answerInputSchema>;
type HintIn = z.output<typeof hintTakeInputSchema>;
type CheckInIn = z.output<typeof checkInInputSchema>;

/** The request as first sent, to tell a retry (same) from a reused id (different). */
const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function answerFingerprint(a: AnswerIn): string {
  return fingerprint({
    clueId: a.clueId,
    text: a.text ?? null,
    photo: a.photoUploadUrl ?? null,
    position: a.position ? [a.position.lat, a.position.lng, a.position.accuracy ?? null] : null,
    answeredAt: new Date(a.answeredAt).toISOString(),
  });
}

/** The answer stored under this id: the same answer again is that result; anything else is a 409. */
function replayOf(existing: ClueAnswer | undefined, team: RallyTeam, print: string): MyAnswer | null {
  if (!existing) return null;
  if (existing.signupId !== team.id || existing.fingerprint !== print) throw new HttpError(409, CLIENT_ID_REUSED);
  return toMyAnswer(existing);
}

const byClientId = async (db: Db, clientId: string) => (await db.select().from(clueAnswers).where(eq(clueAnswers.clientId, clientId)))[0];

/** A clue the team scored, or whose photo waits: a new answer would be in vain. */
async function assertOpen(db: Db, team: RallyTeam, clue: Clue): Promise<void> {
  const open = await db
    .select({ status: clueAnswers.status })
    .from(clueAnswers)
    .where(
      and(
        eq(clueAnswers.signupId, team.id),
        eq(clueAnswers.clueId, clue.id),
        inArray(clueAnswers.status, ['correct', 'approved', 'pending']),
      ),
    );
  if (open.some((a) => a.status !== 'pending')) throw new HttpError(409, ALREADY_SOLVED);
  if (open.length) throw new HttpError(409, PHOTO_PENDING);
}

export type AnswerDeps = {
  db: Db;
  rally: RallySettings;
  now: Date;
  /** Publishes the photo behind an upload URL of this site (uploads feature), once. */
  publishPhoto: (uploadUrl: string) => Promise<string>;
};

/**
 * Records an answer once per clientId. Text is judged at once: correct scores the clue's points;
 * wrong is recorded and costs nothing, and the team may try again. A photo waits for an organiser.
 * Changes standings when correct (and the organisers' photos waiting, when a photo).
 */
export async function submitAnswer(deps: AnswerDeps, team: RallyTeam, input: AnswerIn): Promise<MyAnswer> {
  const { db, rally, now } = deps;
  const print = answerFingerprint(input);
  const replay = replayOf(await byClientId(db, input.clientId), team, print);
  if (replay) return replay;
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  assertMayAct({ date: dateOfDay(rally, clue.day), releaseAt: clue.releaseAt }, new Date(input.answeredAt), now);
  if (clue.answerKind === 'photo' && input.photoUploadUrl === undefined) throw new HttpError(400, WANTS_PHOTO);
  if (clue.answerKind === 'text' && input.text === undefined) throw new HttpError(400, WANTS_TEXT);
  await assertOpen(db, team, clue);
  if (clue.answerKind === 'text') await assertMayGuess(db, team.id, clue.id);
  const photoUrl = input.photoUploadUrl === undefined ? null : await deps.publishPhoto(input.photoUploadUrl);
  const correct = input.text !== undefined && isAcceptedAnswer(input.text, clue.acceptedAnswers);
  return db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    // Another phone of the team may have sent this id, or scored the clue, while this one waited.
    const raced = replayOf(await byClientId(tx, input.clientId), team, print);
    if (raced) return raced;
    await assertOpen(tx, team, clue);
    const row = theRow(
      await tx
        .insert(clueAnswers)
        .values({
          clientId: input.clientId,
          fingerprint: print,
          signupId: team.id,
          clueId: clue.id,
          kind: clue.answerKind,
          answerText: input.text ?? null,
          photoUrl,
          latitude: input.position?.lat ?? null,
          longitude: input.position?.lng ?? null,
          accuracyMetres: input.position?.accuracy ?? null,
          answeredAt: new Date(input.answeredAt),
          status: photoUrl ? 'pending' : correct ? 'correct' : 'wrong',
          points: correct ? clue.points : 0,
        })
        .returning(),
      'the new answer',
    );
    // A wrong answer changes no standings: telling 2,000 open pages would only make them fetch the same.
    if (row.status !== 'wrong') await notifyLive(tx, { kind: 'standings.changed', signupId: team.id });
    return toMyAnswer(row);
  });
}

export type HintTaken = { id: string; clueId: number; text: string; cost: number; takenAt: string };

/**
 * Takes a hint: the team pays its cost once, however often it asks (by clientId or by hint), and
 * reads its text. Changes standings.
 */
export async function takeHint(db: Db, rally: RallySettings, now: Date, team: RallyTeam, input: HintIn): Promise<HintTaken> {
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  const hint = clue.hints.find((h) => h.id === input.hintId);
  const view = (take: { cost: number; takenAt: Date }): HintTaken => ({
    id: input.hintId,
    clueId: clue.id,
    text: hint?.text ?? '',
    cost: take.cost,
    takenAt: take.takenAt.toISOString(),
  });
  const [byId] = await db.select().from(clueHintTakes).where(eq(clueHintTakes.clientId, input.clientId));
  if (byId) {
    if (byId.signupId !== team.id || byId.clueId !== input.clueId || byId.hintId !== input.hintId)
      throw new HttpError(409, CLIENT_ID_REUSED);
    return view(byId);
  }
  if (!hint) throw new HttpError(404, NO_SUCH_HINT);
  assertMayAct({ date: dateOfDay(rally, clue.day), releaseAt: clue.releaseAt }, now, now);
  return db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    const [taken] = await tx
      .select()
      .from(clueHintTakes)
      .where(and(eq(clueHintTakes.signupId, team.id), eq(clueHintTakes.hintId, hint.id)));
    if (taken) return view(taken);
    const scored = await tx
      .select({ id: clueAnswers.id })
      .from(clueAnswers)
      .where(and(eq(clueAnswers.signupId, team.id), eq(clueAnswers.clueId, clue.id), inArray(clueAnswers.status, ['correct', 'approved'])));
    if (scored.length) throw new HttpError(409, HINT_AFTER_SOLVED);
    const row = theRow(
      await tx
        .insert(clueHintTakes)
        .values({ clientId: input.clientId, signupId: team.id, clueId: clue.id, hintId: hint.id, cost: hint.cost })
        .returning(),
      'the hint taken',
    );
    await notifyLive(tx, { kind: 'standings.changed', signupId: team.id });
    return view(row);
  });
}

/**
 * A check-in at the clue's place: visited when the phone's position is within the clue's radius (the
 * position as given, vouched for to within the radius: check-in-rules.ts). The team learns only yes or no.
 * Changes standings (places visited) when within.
 */
export async function checkIn(db: Db, rally: RallySettings, now: Date, team: RallyTeam, input: CheckInIn): Promise<{ visited: boolean }> {
  const print = fingerprint({ clueId: input.clueId, position: [input.position.lat, input.position.lng, input.position.accuracy ?? null] });
  const replay = async () => {
    const [row] = await db.select().from(clueCheckIns).where(eq(clueCheckIns.clientId, input.clientId));
    if (!row) return null;
    if (row.signupId !== team.id || row.fingerprint !== print) throw new HttpError(409, CLIENT_ID_REUSED);
    return { visited: row.within };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  assertMayAct({ date: dateOfDay(rally, clue.day), releaseAt: clue.releaseAt }, now, now);
  await assertCheckInAllowed(db, team.id, clue, input.position);
  const distance = distanceMetres(input.position, { lat: clue.latitude, lng: clue.longitude });
  const inserted = await db
    .insert(clueCheckIns)
    .values({
      clientId: input.clientId,
      fingerprint: print,
      signupId: team.id,
      clueId: clue.id,
      latitude: input.position.lat,
      longitude: input.position.lng,
      accuracyMetres: input.position.accuracy ?? null,
      distanceMetres: Math.round(distance),
      within: distance <= clue.radiusMetres,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) {
    if (inserted[0].within) await notifyLive(db, { kind: 'standings.changed', signupId: team.id });
    return { visited: inserted[0].within };
  }
  // The same id arrived twice at once: the other request stored it.
  return theRow(
    [await replay()].filter((r) => r !== null),
    'the check-in stored by the other request',
  );
}
