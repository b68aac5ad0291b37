import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { refund } from './rate-limit';
import { objectIdFromUrl, StorageError, type Storage } from './storage';
import { processCarImage } from './image-encoding';
import { UPLOAD_ALREADY_ATTACHED, claimAttachment, releaseAttachment } from './upload-records';

/**
 * Publishing what a browser uploaded (features/uploads hands out the upload URLs): a car photo, a
 * past rally's picture, a clue's or an update's photo. Each feature that takes an upload publishes
 * it here and settles its upload URL.
 */

/** Re-encodes an uploaded object into the public full-size image and thumbnail under `folder`; returns both URLs. */
export async function publishImage(storage: Storage, objectId: string, folder: string): Promise<{ url: string; thumbUrl: string }> {
  const bytes = await storage.readIncoming(objectId);
  const { full, thumb } = await processCarImage(bytes);
  const url = await storage.putPublic(`${folder}/${objectId}.webp`, full, 'image/webp');
  const thumbUrl = await storage.putPublic(`${folder}/${objectId}-thumb.webp`, thumb, 'image/webp');
  await storage.deleteIncoming(objectId);
  return { url, thumbUrl };
}

/**
 * Publishes the upload behind a signed upload URL of this site, once: an upload already attached
 * is refused (and anything sent to its URL since is removed). Bad or spent uploads are a 400.
 */
export async function publishUploadedImage(
  db: Db,
  storage: Storage,
  uploadUrl: string,
  folder: string,
): Promise<{ url: string; thumbUrl: string }> {
  const objectId = objectIdFromUrl(uploadUrl);
  if (!objectId) throw new HttpError(400, 'The upload is not an upload of this site');
  if (!(await claimAttachment(db, objectId))) {
    await storage.deleteIncoming(objectId);
    throw new HttpError(400, UPLOAD_ALREADY_ATTACHED);
  }
  try {
    return await publishImage(storage, objectId, folder);
  } catch (error) {
    await releaseAttachment(db, objectId);
    if (error instanceof StorageError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** An attached upload no longer counts against the session's outstanding URLs, nor the account's. */
export async function settleUpload(db: Db, request: FastifyRequest, uploadUrl: string): Promise<void> {
  const objectId = objectIdFromUrl(uploadUrl);
  const handedOut = request.session.pendingUploads?.find((p) => p.objectId === objectId);
  request.session.pendingUploads = request.session.pendingUploads?.filter((p) => p.objectId !== objectId);
  const limitKey = handedOut?.limitKey ?? uploadLimitKey(request);
  if (limitKey) await refund(db, [limitKey]);
}

/**
 * The counter of upload URLs for whoever asks: the account when signed in (shared by all its
 * sessions, so signing in again starts nothing afresh), otherwise the team just registered here.
 */
export function uploadLimitKey(request: FastifyRequest): string | null {
  if (request.currentUser) return `upload:user:${request.currentUser.id}`;
  const signupId = request.session.createdSignupIds?.at(-1);
  return signupId === undefined ? null : `upload:signup:${signupId}`;
}
