import type { AnswerInput } from '@common/schemas/clues';
import type { SosInput } from '@common/schemas/control-room';
import type { TeamUpdateInput } from '@common/schemas/team-updates';
import { ApiError, sendJson } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { uploadImage } from '../uploads';
import { RefusedError, type Act, type SendAct } from './act-queue';

/** "Too many wrong answers ... You can try again at 10:35." from a cool-down's 429, or null for any other answer. */
export function coolDownMessage(cause: ApiError): string | null {
  if (cause.status !== 429) return null;
  try {
    const { message, retryAt } = JSON.parse(cause.body) as { message?: string; retryAt?: string };
    if (!message || !retryAt || Number.isNaN(Date.parse(retryAt))) return null;
    const at = new Date(retryAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    return `${message} You can try again at ${at}.`;
  } catch {
    return null;
  }
}

/**
 * A refusal is the site's answer about the act itself (4xx: "Already scored", a photo it cannot
 * read, a guessing cool-down: 429 with its end), so sending it again would change nothing. A
 * timeout or any other "too many requests" (408, 429), a server error (5xx, 503 while it restarts)
 * or no answer at all is worth trying again.
 */
function refusalOf(error: unknown): RefusedError | null {
  const cause = error instanceof Error && error.name !== 'ApiError' && 'cause' in error ? (error as { cause: unknown }).cause : error;
  if (!(cause instanceof ApiError)) return null;
  const coolDown = coolDownMessage(cause);
  if (coolDown) return new RefusedError(coolDown);
  if (cause.status < 400 || cause.status >= 500 || cause.status === 408 || cause.status === 429) return null;
  return new RefusedError(errorMessage(cause, 'The site refused this.'));
}

async function post(url: string, body: unknown): Promise<unknown> {
  try {
    return await sendJson('POST', url, body);
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** A photo kept on the phone, uploaded through the site's upload flow: the upload's id to answer with. */
async function uploadPhoto(photo: Blob, name: string): Promise<string> {
  const file = photo instanceof File ? photo : new File([photo], name, { type: photo.type || 'image/jpeg' });
  try {
    return await uploadImage(file, async (objectId) => objectId);
  } catch (error) {
    throw refusalOf(error) ?? error;
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
  switch (act.kind) {
    case 'answer': {
      const current = await withPhotoUploaded(act, 'clue-photo', progress);
      const body: AnswerInput = {
        clientId: current.clientId,
        clueId: current.clueId,
        answeredAt: current.answeredAt,
        ...(current.photoUploadUrl ? { photoUploadUrl: current.photoUploadUrl } : { text: current.text ?? '' }),
        ...(current.position ? { position: current.position } : {}),
      };
      return post('/api/my-clues/answers', body);
    }
    case 'hint':
      return post('/api/my-clues/hints', { clientId: act.clientId, clueId: act.clueId, hintId: act.hintId });
    case 'check-in':
      return post('/api/my-clues/check-ins', { clientId: act.clientId, clueId: act.clueId, position: act.position });
    case 'position': {
      const { kind: _kind, ...position } = act;
      return post('/api/my-tracking/positions', position);
    }
    case 'update': {
      const current = await withPhotoUploaded(act, 'update-photo', progress);
      const body: TeamUpdateInput = {
        clientId: current.clientId,
        body: current.body,
        ...(current.photoUploadUrl ? { photoUploadUrl: current.photoUploadUrl } : {}),
      };
      return post('/api/my-rally/updates', body);
    }
    case 'sos': {
      const body: SosInput = {
        clientId: act.clientId,
        ...(act.position ? { position: act.position } : {}),
        ...(act.note ? { note: act.note } : {}),
      };
      return post('/api/my-rally/sos', body);
    }
    case 'all-ok':
      return post('/api/my-rally/all-ok', { clientId: act.clientId });
  }
};
