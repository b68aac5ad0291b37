import { sendJson } from '../../lib/api';

/** Spec section 9: one file of at most 10 MB (the server checks again, by the file's bytes). */
export const MAX_CAR_IMAGE_BYTES = 10_485_760;
export const CAR_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif';

/** A message for a file the browser can already tell is wrong, or null when it may be sent. */
export function carImageProblem(file: File): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'Please choose a photo (JPEG, PNG, WebP, GIF, AVIF or HEIC).';
  if (file.size > MAX_CAR_IMAGE_BYTES) return 'The photo must be 10 MB or smaller.';
  return null;
}

/** Which step failed, so the caller shows the spec's toast for it. */
export class UploadStepError extends Error {
  constructor(public step: 'url' | 'upload' | 'attach', public cause: unknown) {
    super(step);
  }
}

/**
 * The spec's flow: ask for an upload URL, PUT the file straight to it, then attach it to the team.
 * Returns the URL of the re-encoded image.
 */
export async function uploadCarImage(file: File, signupId: number): Promise<string> {
  let uploadURL: string;
  try {
    ({ uploadURL } = await sendJson<{ uploadURL: string }>('POST', '/api/objects/upload'));
  } catch (error) {
    throw new UploadStepError('url', error);
  }
  // Cookies go only to our own upload URL, never to a storage provider's presigned one.
  const res = await fetch(uploadURL, { method: 'PUT', body: file, headers: { 'Content-Type': file.type }, credentials: 'same-origin' });
  if (!res.ok) throw new UploadStepError('upload', new Error(`${res.status}: ${(await res.text()) || res.statusText}`));
  try {
    const { objectPath } = await sendJson<{ objectPath: string }>('PUT', '/api/car-images', { carImageURL: uploadURL, signupId });
    return objectPath;
  } catch (error) {
    throw new UploadStepError('attach', error);
  }
}
