import type { AnswerInput } from '@common/schemas/clues';
import type { SosInput } from '@common/schemas/control-room';
import type { TeamUpdateInput } from '@common/schemas/team-updates';
import { ApiError, okOrThrow } from '../../lib/api';
import { errorMessage, isStatus } from '../../lib/error-message';
import { uploadImage } from '../../lib/upload-car-image';
import { LoginNeededError, RefusedError, type Act, type SendAct } from './act-queue';
import { fetchNotingClock } from './site-clock';

/** What the team reads when the site's refusal is worded for developers, not for it. */
const PLAIN_FALLBACK = 'The site could not take it.';

/**
 * A guessing or check-in cool-down (429 with `retryAt`): the site's words, which say when the team
 * may try again in the rally's zone; null for any other answer, such as a plain "too many requests".
 */
export function coolDownMessage(cause: ApiError): string | null {
  if (cause.status !== 429) return null;
  try {
    const { message, retryAt } = JSON.parse(cause.body) as { message?: string; retryAt?: string };
    return message && retryAt ? message : null;
  } catch {
    return null;
  }
}

/**
 * The site's reason as the team may read it: its own plain words, never an internal one (a field
 * name such as "answeredAt", a status line such as "Unauthorized").
 */
export function plainReason(message: string): string {
  return /\b[a-z]+[A-Z][A-Za-z]*\b|clock|^\d{3}\b/.test(message) ? PLAIN_FALLBACK : message;
}

/**
 * What an error means for the act: "log in again" (401, 403) keeps it; a refusal about the act
 * itself (other 4xx: "Already scored", a photo it cannot read) is final, as sending it again would
 * change nothing; a timeout or "too many requests" (408, 429), a server error (5xx, 503 while it
 * restarts) or no answer at all is worth trying again (returned as null).
 */
function outcomeOf(error: unknown): RefusedError | LoginNeededError | null {
  const cause = error instanceof Error && error.name !== 'ApiError' && 'cause' in error ? (error as { cause: unknown }).cause : error;
  if (!(cause instanceof ApiError)) return null;
  if (cause.status === 401 || cause.status === 403) return new LoginNeededError();
  const coolDown = coolDownMessage(cause);
  if (coolDown) return new RefusedError(coolDown);
  if (cause.status < 400 || cause.status >= 500 || cause.status === 408 || cause.status === 429) return null;
  return new RefusedError(plainReason(errorMessage(cause, PLAIN_FALLBACK)));
}

/** Posts an act, noting the site's clock from its answer (site-clock.ts). */
async function post(url: string, body: unknown): Promise<unknown> {
  try {
    const res = await okOrThrow(
      await fetchNotingClock(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  } catch (error) {
    throw outcomeOf(error) ?? error;
  }
}

/** A photo kept on the phone, uploaded through the site's upload flow: the upload's id to answer with. */
async function uploadPhoto(photo: Blob, name: string): Promise<string> {
  const file = photo instanceof File ? photo : new File([photo], name, { type: photo.type || 'image/jpeg' });
  try {
    return await uploadImage(file, async (objectId) => objectId);
  } catch (error) {
    // The storage's own refusal of the upload (an expired ticket) is not the site's "log in": a new ticket is asked next time.
    const step = error as { step?: string; cause?: unknown };
    if (step.step === 'upload' && isStatus(step.cause, 403)) throw error;
    throw outcomeOf(error) ?? error;
  }
}

/**
 * Uploads the act's kept photo, if not done yet, and keeps the upload's id in the queue (progress)
 * before anything else is sent, so a retry does not upload it again.
 */
async function withPhotoUploaded<A extends Extract<Act, { photo?: Blob }>>(act: A, name: string, progress: (a: Act) => Promise<void>) {
  if (!act.photo || act.photoUploadUrl) return act;
  const { photo: _sent, ...rest } = act;
  const current = { ...rest, photoUploadUrl: await uploadPhoto(act.photo, name) } as A;
  await progress(current);
  return current;
}

/** Sends one act of the queue to the site's API (docs/features/clues.md, tracking.md, control-room.md, team-updates.md). */
export const sendAct: SendAct = async (act: Act, progress) => {
  // Acts queued before `madeAt` existed carry their time as `answeredAt`, or none (the site's now).
  const made = act.madeAt ?? act.answeredAt;
  const madeAt = made ? { madeAt: made } : {};
  switch (act.kind) {
    case 'answer': {
      const current = await withPhotoUploaded(act, 'clue-photo', progress);
      const body: AnswerInput = {
        clientId: current.clientId,
        clueId: current.clueId,
        // The same instant under its older name, which the site checked before `madeAt`.
        answeredAt: made ?? new Date().toISOString(),
        ...madeAt,
        ...(current.photoUploadUrl ? { photoUploadUrl: current.photoUploadUrl } : { text: current.text ?? '' }),
        ...(current.position ? { position: current.position } : {}),
      };
      return post('/api/my-rally-app/answers', body);
    }
    case 'hint':
      return post('/api/my-rally-app/hints', { clientId: act.clientId, clueId: act.clueId, hintId: act.hintId, ...madeAt });
    case 'check-in':
      return post('/api/my-rally-app/check-ins', { clientId: act.clientId, clueId: act.clueId, position: act.position, ...madeAt });
    case 'position': {
      // A position's time is its fix's (recordedAt), which the site bounds itself.
      const { kind: _kind, madeAt: _made, answeredAt: _answered, ...position } = act;
      return post('/api/my-rally-app/positions', position);
    }
    case 'update': {
      const current = await withPhotoUploaded(act, 'update-photo', progress);
      const body: TeamUpdateInput = {
        clientId: current.clientId,
        body: current.body,
        ...madeAt,
        ...(current.photoUploadUrl ? { photoUploadUrl: current.photoUploadUrl } : {}),
      };
      return post('/api/my-rally-app/updates', body);
    }
    case 'sos': {
      const body: SosInput = {
        clientId: act.clientId,
        ...madeAt,
        ...(act.position ? { position: act.position } : {}),
        ...(act.note ? { note: act.note } : {}),
      };
      return post('/api/my-rally-app/sos', body);
    }
    case 'all-ok':
      return post('/api/my-rally-app/all-ok', { clientId: act.clientId, ...madeAt });
  }
};
