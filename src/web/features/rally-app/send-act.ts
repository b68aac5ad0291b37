import type { AnswerInput } from '@common/schemas/clues';
import { ApiError, sendJson } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { uploadImage } from '../uploads';
import { RefusedError, type Act, type SendAct } from './act-queue';

/**
 * A refusal is the site's answer about the act itself (4xx: "Already scored", a photo it cannot
 * read), so sending it again would change nothing. A timeout or "too many requests" (408, 429), a
 * server error (5xx, 503 while it restarts) or no answer at all is worth trying again.
 */
function refusalOf(error: unknown): RefusedError | null {
  const cause = error instanceof Error && error.name !== 'ApiError' && 'cause' in error ? (error as { cause: unknown }).cause : error;
  if (!(cause instanceof ApiError)) return null;
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
async function uploadPhoto(photo: Blob): Promise<string> {
  const file = photo instanceof File ? photo : new File([photo], 'clue-photo', { type: photo.type || 'image/jpeg' });
  try {
    return await uploadImage(file, async (objectId) => objectId);
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

/** Sends one act of the queue to the site's API (docs/features/clues.md, tracking.md). */
export const sendAct: SendAct = async (act: Act, progress) => {
  switch (act.kind) {
    case 'answer': {
      let current = act;
      if (current.photo && !current.photoUploadUrl) {
        const { photo: _sent, ...rest } = current;
        current = { ...rest, photoUploadUrl: await uploadPhoto(current.photo) };
        await progress(current);
      }
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
  }
};
