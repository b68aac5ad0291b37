import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { rallyDate } from '../../../common/rally-calendar-day';
import { rawText, recordId } from '../../../common/schemas/primitives';
import { carImageAnswerSchema, uploadTicketSchema } from '../../../common/schemas/uploads';
import { okSchema } from '../../../common/schemas/answers';
import { signups } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';
import { enforce, RateLimitError, refund } from '../../services/rate-limit';
import {
  createStorage,
  DiskStorage,
  HIDEABLE_CACHE,
  UPDATE_PHOTOS,
  MAX_PENDING_UPLOADS,
  MAX_UPLOAD_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  objectIdFromUrl,
  thumbnailOf,
  type Storage,
} from '../../services/storage';
import { assertImageBytes } from '../../services/image-encoding';
import { claimReceipt, issueWithinQuota, releaseReceipt } from '../../services/upload-records';
import { startUploadPurge } from './purge';
import { isHiddenUpdatePhoto } from './hidden-photos';
import { publishUploadedImage, settleUpload, uploadLimitKey } from '../../services/uploaded-images';

const uploadLinkSchema = z.object({ objectId: rawText(100), signature: rawText(100) });

const carImageBodySchema = z.object({
  carImageURL: rawText(2000).min(1, 'carImageURL is required'),
  signupId: recordId(),
});

/** Deletes a published image and its thumbnail (a URL that is not one of ours is left alone). */
export async function deletePublishedImage(storage: Storage, url: string): Promise<void> {
  await storage.deletePublic(url);
  if (thumbnailOf(url) !== url) await storage.deletePublic(thumbnailOf(url));
}

/** Someone who may upload: signed in, or has just registered a team from this browser. */
function assertMayUpload(request: FastifyRequest) {
  if (!request.currentUser && !request.session.createdSignupIds?.length) throw new HttpError(401, 'Unauthorized');
}

const TOO_MANY_UPLOADS = 'Too many uploads in progress. Please finish or wait for one to expire.';
const UPLOAD_LINK_USED = 'This upload link has already been used';

const uploadRoutes: FastifyPluginAsyncZod<{ storage?: Storage }> = async (app, opts) => {
  app.workerStarters.push(startUploadPurge);
  const storage = opts.storage ?? createStorage(app.config, app.signingKey);

  app.post('/api/uploads', { schema: { response: { 200: uploadTicketSchema } } }, async (request, reply) => {
    assertMayUpload(request);
    // A session holds only a few live upload URLs, so a script cannot fill the storage with them.
    const pending = (request.session.pendingUploads ?? []).filter((p) => p.expires > Date.now());
    if (pending.length >= MAX_PENDING_UPLOADS) throw new HttpError(429, TOO_MANY_UPLOADS);
    // And so does the account (or the team), whichever session asks.
    const limitKey = uploadLimitKey(request);
    if (limitKey) {
      try {
        await enforce(app.db, [{ key: limitKey, max: MAX_PENDING_UPLOADS, windowMs: UPLOAD_URL_TTL_SECONDS * 1000 }], reply);
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        // A refused request is no upload URL: it does not count, so attaching one frees a place.
        await refund(app.db, [limitKey]);
        throw new HttpError(429, TOO_MANY_UPLOADS);
      }
    }
    let ticket;
    try {
      // The totals are never given back: attaching frees a pending place, not a used upload.
      const sessionKey = (request.session.uploadQuotaKey ??= randomUUID());
      const counted = !request.currentUser?.isAdmin;
      const rally = await app.rallySettings();
      const today = rallyDate(app.clock(), rally.timeZone);
      const onTheRoad = today >= rally.tripStart && today <= rally.tripEnd;
      ticket = await issueWithinQuota(app.db, { sessionKey, ownerKey: limitKey }, counted, () => storage.createUploadUrl(), onTheRoad);
    } catch (error) {
      if (limitKey) await refund(app.db, [limitKey]);
      throw error;
    }
    const entry = { objectId: ticket.objectId, expires: Date.now() + UPLOAD_URL_TTL_SECONDS * 1000, ...(limitKey ? { limitKey } : {}) };
    request.session.pendingUploads = [...pending, entry];
    return ticket;
  });

  if (storage instanceof DiskStorage) {
    // The signed URL takes the raw file bytes, whatever type the browser declares.
    await app.register(async (instance) => {
      const raw = instance.withTypeProvider<ZodTypeProvider>();
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
      raw.put(
        '/api/uploads/:objectId',
        {
          bodyLimit: MAX_UPLOAD_BYTES,
          // The signature and expiry are checked before a byte of the body is read.
          onRequest: async (request) => {
            const query = request.query as unknown as { expires?: string; signature?: string };
            const objectId = (request.params as { objectId?: string }).objectId ?? '';
            // Bad input is a 400 here too, as the schema below would say (this hook runs first).
            const link = uploadLinkSchema.safeParse({ objectId, signature: query.signature ?? '' });
            if (!link.success) throw new HttpError(400, link.error.issues[0]?.message ?? 'Invalid request');
            if (!storage.verify(objectId, Number(query.expires), String(query.signature ?? '')))
              throw new HttpError(403, 'This upload link is invalid or has expired');
          },
          schema: {
            params: z.object({ objectId: rawText(100) }),
            querystring: z.object({ expires: z.coerce.number().int(), signature: rawText(100) }),
            response: { 200: okSchema },
          },
        },
        async (request) => {
          const { objectId } = request.params;
          const body = request.body as Buffer | undefined;
          if (!body?.length) throw new HttpError(400, 'No file was sent');
          await assertImageBytes(body);
          // Once, also after the file was attached and its incoming copy removed.
          if (!(await claimReceipt(app.db, objectId))) throw new HttpError(403, UPLOAD_LINK_USED);
          let written;
          try {
            written = await storage.writeIncoming(objectId, body);
          } catch (error) {
            await releaseReceipt(app.db, objectId);
            throw error;
          }
          if (!written) throw new HttpError(403, UPLOAD_LINK_USED);
          return { ok: true };
        },
      );
    });
  }

  app.put('/api/uploads/car-images', { schema: { body: carImageBodySchema, response: { 200: carImageAnswerSchema } } }, async (request) => {
    const { carImageURL, signupId } = request.body;
    const user = request.currentUser;
    const [signup] = await app.db.select({ id: signups.id, userId: signups.userId }).from(signups).where(eq(signups.id, signupId));
    // Registering a team signed out gives this browser its car image only until the team's verified
    // driver claims it: from then on the image is the owner's alone.
    const mine =
      signup && ((user && signup.userId === user.id) || (signup.userId === null && request.session.createdSignupIds?.includes(signup.id)));
    if (!mine && !user?.isAdmin) {
      if (!user && !request.session.createdSignupIds?.length) throw new HttpError(401, 'Unauthorized');
      throw notFound('Registration not found');
    }
    if (!signup) throw notFound('Registration not found');
    if (!objectIdFromUrl(carImageURL)) throw new HttpError(400, 'carImageURL is not an upload of this site');
    const { url } = await publishUploadedImage(app.db, storage, carImageURL, 'car-images');
    const replaced = await app.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ carImageUrl: signups.carImageUrl, userId: signups.userId })
        .from(signups)
        .where(eq(signups.id, signupId))
        .for('update');
      // The driver may have claimed the team since it was read above: the registering browser's grant ends then.
      if (!user?.isAdmin && before?.userId !== signup.userId) throw notFound('Registration not found');
      await tx.update(signups).set({ carImageUrl: url }).where(eq(signups.id, signupId));
      if (user?.isAdmin && signup.userId !== user.id) {
        await recordAudit(tx, request, {
          action: 'signup.car_image',
          targetType: 'signup',
          targetId: signupId,
          details: { carImageUrl: url },
        });
      }
      return before?.carImageUrl;
    });
    await settleUpload(app.db, request, carImageURL);
    // The image replaced leaves the storage (a failure only leaves a stray file), unless another
    // team still shows it: before uploads were single-use, one upload could be attached twice.
    if (replaced && replaced !== url) {
      const [shared] = await app.db.select({ id: signups.id }).from(signups).where(eq(signups.carImageUrl, replaced)).limit(1);
      if (!shared)
        await deletePublishedImage(storage, replaced).catch((error: unknown) =>
          request.log.warn({ err: error }, 'replaced car image not deleted'),
        );
    }
    return { objectPath: url, carImageUrl: url };
  });
};

/**
 * The published pictures of disk storage, the same for everyone: a public plugin (the feature's index.ts).
 * Re-encoded images only; helmet's nosniff header applies here as everywhere.
 */
export const uploadedFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config, app.signingKey);
  if (!(storage instanceof DiskStorage)) return;
  await mkdir(storage.publicDir, { recursive: true });
  // A hidden update's photo is not served: hiding an update takes its picture off the site too.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith(`/uploads/${UPDATE_PHOTOS}/`) && (await isHiddenUpdatePhoto(app.db, request.url))) throw notFound();
  });
  await app.register(fastifyStatic, {
    root: storage.publicDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (reply, filePath) => {
      // Updates' photos may be hidden by the organisers at any time, so browsers and proxies keep them briefly.
      const hideable = filePath.includes(`${path.sep}${UPDATE_PHOTOS}${path.sep}`);
      reply.header('Cache-Control', hideable ? HIDEABLE_CACHE : 'public, max-age=31536000, immutable');
    },
  });
};

export default uploadRoutes;
