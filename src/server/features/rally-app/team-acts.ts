import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerInputSchema, checkInInputSchema, hintTakeInputSchema, MyAnswer } from '../../../common/schemas/clues';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { distanceMetres } from '../../../common/distance';
import type { Db } from '../../db/client';
import { clueAnswers, clueCheckIns, clueHintTakes, type Clue, type ClueAnswer, type ClueCheckIn, type ClueHintTake } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError } from '../../errors';
import { notifyLive } from '../../services/live-events';
import { CLIENT_ID_REUSED, fingerprintOf as fingerprint, oncePerClientId, storedAct } from '../../services/once-per-client-id';
import { isAcceptedAnswer } from './answer-match';
import { assertCheckInAllowed } from './check-in-rules';
import { assertMayGuess } from './guess-limits';
import { toMyAnswer } from '../../services/answer-view';
import { dateOfDay, madeAtForClue } from '../../services/rally-days';
import { type RallyTeam } from '../../services/rally-team';
import { lockTeam, seasonClueForTeam } from './team-lock';

/** The one refusal of a reused id (services/once-per-client-id.ts), kept under its name here for the SOS. */
export { CLIENT_ID_REUSED };
export const ALREADY_SOLVED = 'Your team has already scored this clue.';
export const PHOTO_PENDING = "Your team's photo for this clue is waiting for an organiser: send another only if it is rejected.";
export const WANTS_PHOTO = 'This clue is answered with a photo.';
export const WANTS_TEXT = 'This clue is answered with text, not a photo.';
export const NO_SUCH_HINT = 'Hint not found';
export const HINT_AFTER_SOLVED = 'Your team has already scored this clue, so its hints are no use now.';

type AnswerIn = z.output<typeof answerInputSchema>;
type HintIn = z.output<typeof hintTakeInputSchema>;
type CheckInIn = z.output<typeof checkInInputSchema>;

function answerFingerprint(a: AnswerIn): string {
  return fingerprint({
    clueId: a.clueId,
    text: a.text ?? null,
    photo: a.photoUploadUrl ?? null,
    position: a.position ? [a.position.lat, a.position.lng, a.position.accuracy ?? null] : null,
    answeredAt: new Date(a.answeredAt).toISOString(),
  });
}

/** The answer stored under this id: the same answer again is that result; anything else is the one 409. */
function replayOf(existing: ClueAnswer | undefined, team: RallyTeam, print: string): MyAnswer | null {
  const same = storedAct(existing, (a) => a.signupId === team.id && a.fingerprint === print);
  return same && toMyAnswer(same);
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

/** When the act counts as made (services/rally-days.ts): its clue's day, release and the grace after the day. */
const madeAtFor = (rally: RallySettings, clue: Clue, madeAt: string | undefined, now: Date) =>
  madeAtForClue({ date: dateOfDay(rally, clue.day), releaseAt: clue.releaseAt }, madeAt, rally, now);

/**
 * Records an answer once per clientId. Text is judged at once: correct scores the clue's points;
 * wrong is recorded and costs nothing, and the team may try again. A photo waits for an organiser.
 * The answer keeps the time it was made (`madeAt`, or `answeredAt` from apps before it).
 * Changes standings when correct (and the organisers' photos waiting, when a photo).
 */
export async function submitAnswer(deps: AnswerDeps, team: RallyTeam, input: AnswerIn): Promise<MyAnswer> {
  const { db, rally, now } = deps;
  const print = answerFingerprint(input);
  const replay = replayOf(await byClientId(db, input.clientId), team, print);
  if (replay) return replay;
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  const madeAt = madeAtFor(rally, clue, input.madeAt ?? input.answeredAt, now);
  if (clue.answerKind === 'photo' && input.photoUploadUrl === undefined) throw new HttpError(400, WANTS_PHOTO);
  if (clue.answerKind === 'text' && input.text === undefined) throw new HttpError(400, WANTS_TEXT);
  await assertOpen(db, team, clue);
  if (clue.answerKind === 'text') await assertMayGuess(db, team.id, clue.id, rally.timeZone);
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
          answeredAt: madeAt,
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
 * reads its text. `takenAt` is when it was taken on the phone (`madeAt`), so a hint taken at 23:50
 * without signal counts for its day. Changes standings.
 */
export async function takeHint(db: Db, rally: RallySettings, now: Date, team: RallyTeam, input: HintIn): Promise<HintTaken> {
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  const hint = clue.hints.find((h) => h.id === input.hintId);
  const view = (take: ClueHintTake): HintTaken => ({
    id: input.hintId,
    clueId: clue.id,
    text: hint?.text ?? '',
    cost: take.cost,
    takenAt: (take.madeAt ?? take.takenAt).toISOString(),
  });
  const byId = async () => (await db.select().from(clueHintTakes).where(eq(clueHintTakes.clientId, input.clientId)))[0];
  const same = (t: ClueHintTake) => t.signupId === team.id && t.clueId === input.clueId && t.hintId === input.hintId;
  const earlier = storedAct(await byId(), same);
  if (earlier) return view(earlier);
  if (!hint) throw new HttpError(404, NO_SUCH_HINT);
  const made = madeAtFor(rally, clue, input.madeAt, now);
  // None from an app before acts carried it: the row's own time is the time.
  const madeAt = input.madeAt === undefined ? null : made;
  const { row } = await oncePerClientId({
    find: byId,
    same,
    store: () =>
      db.transaction(async (tx) => {
        await lockTeam(tx, team.id);
        if (await byId()) return undefined;
        const [taken] = await tx
          .select()
          .from(clueHintTakes)
          .where(and(eq(clueHintTakes.signupId, team.id), eq(clueHintTakes.hintId, hint.id)));
        // The other phone took this hint already: the team has paid for it once.
        if (taken) return taken;
        const scored = await tx
          .select({ id: clueAnswers.id })
          .from(clueAnswers)
          .where(
            and(eq(clueAnswers.signupId, team.id), eq(clueAnswers.clueId, clue.id), inArray(clueAnswers.status, ['correct', 'approved'])),
          );
        if (scored.length) throw new HttpError(409, HINT_AFTER_SOLVED);
        const inserted = theRow(
          await tx
            .insert(clueHintTakes)
            .values({ clientId: input.clientId, signupId: team.id, clueId: clue.id, hintId: hint.id, cost: hint.cost, madeAt })
            .returning(),
          'the hint taken',
        );
        await notifyLive(tx, { kind: 'standings.changed', signupId: team.id });
        return inserted;
      }),
  });
  return view(row);
}

/**
 * A check-in at the clue's place: visited when the phone's position is within the clue's radius (the
 * position as given, vouched for to within the radius: check-in-rules.ts). The team learns only yes or no.
 * Changes standings (places visited) when within.
 */
export async function checkIn(db: Db, rally: RallySettings, now: Date, team: RallyTeam, input: CheckInIn): Promise<{ visited: boolean }> {
  const print = fingerprint({ clueId: input.clueId, position: [input.position.lat, input.position.lng, input.position.accuracy ?? null] });
  const find = async () => (await db.select().from(clueCheckIns).where(eq(clueCheckIns.clientId, input.clientId)))[0];
  const same = (row: ClueCheckIn) => row.signupId === team.id && row.fingerprint === print;
  const earlier = storedAct(await find(), same);
  if (earlier) return { visited: earlier.within };
  const clue = await seasonClueForTeam(db, rally.year, input.clueId);
  const made = madeAtFor(rally, clue, input.madeAt, now);
  const madeAt = input.madeAt === undefined ? null : made;
  await assertCheckInAllowed(db, team.id, clue, input.position, rally.timeZone);
  const distance = distanceMetres(input.position, { lat: clue.latitude, lng: clue.longitude });
  const { row, created } = await oncePerClientId({
    find,
    same,
    store: async () =>
      (
        await db
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
            madeAt,
          })
          .onConflictDoNothing()
          .returning()
      )[0],
  });
  if (created && row.within) await notifyLive(db, { kind: 'standings.changed', signupId: team.id });
  return { visited: row.within };
}
