import type { CarImageAnswer, UploadTicket } from '@common/schemas/uploads';
import { ApiError, sendJson } from './api';

/** Spec section 9: one file of at most 10 MB (the server checks again, by the file's bytes). */
export const MAX_CAR_IMAGE_BYTES = 10_485_760;
export const CAR_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif';

/** A message for a file the browser can already tell is wrong, or null when it may be sent. */
export function carImageProblem(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml')
    return 'Please choose a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC).';
  if (file.size > MAX_CAR_IMAGE_BYTES) return 'The photo must be 10 MB or smaller.';
  return null;
}

/** Which step failed, so the caller shows the spec's toast for it. */
export class UploadStepError extends Error {
  constructor(
    public step: 'url' | 'upload' | 'attach',
    public cause: unknown,
  ) {
    super(step);
  }
}

/**
 * Sends the file where the ticket says: the raw bytes to our own signed link (disk storage), or a
 * form to the storage provider's bucket under its signed policy (S3).
 */
function sendFile(file: File, { uploadURL, method, fields }: UploadTicket): Promise<Response> {
  if (method === 'POST') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    // The policy admits image types only, and S3 reads every field before the file, so it goes last.
    if (!fields?.['Content-Type']) form.append('Content-Type', file.type);
    form.append('file', file);
    // No cookies to a storage provider.
    return fetch(uploadURL, { method: 'POST', body: form, credentials: 'omit' });
  }
  // Cookies go only to our own upload URL, never to a storage provider's presigned one.
  return fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type }, credentials: 'same-origin' });
}

/**
 * The spec's flow: ask for an upload URL, send the file straight to it, then attach it to the team.
 * Returns the URL of the re-encoded image.
 */
export function uploadCarImage(file: File, signupId: number): Promise<string> {
  return uploadImage(file, async (objectId) => {
    const { objectPath } = await sendJson<CarImageAnswer>('PUT', '/api/uploads/car-images', { carImageURL: objectId, signupId });
    return objectPath;
  });
}

/** Any image the same way: an upload URL, the file sent straight to it, then `attach` with the upload's object id. */
export async function uploadImage<T>(file: File, attach: (objectId: string) => Promise<T>): Promise<T> {
  let ticket: UploadTicket;
  try {
    ticket = await sendJson<UploadTicket>('POST', '/api/uploads');
  } catch (error) {
    throw new UploadStepError('url', error);
  }
  const res = await sendFile(file, ticket);
  if (!res.ok) {
    const text = await res.text();
    // S3 answers in XML: its <Message> is the readable part.
    const reason = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? text;
    throw new UploadStepError('upload', new ApiError(res.status, reason || res.statusText));
  }
  try {
    // The object id names the upload whichever way it was sent (a POST's URL is only the bucket's).
    return await attach(ticket.objectId);
  } catch (error) {
    throw new UploadStepError('attach', error);
  }
}
