import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import {
  addPhotoSchema,
  galleryPhotoSchema,
  newRallySchema,
  pastRallyListSchema,
  pastRallyMenuSchema,
  pastRallySchema,
  photoChangeSchema,
  photoOrderSchema,
  rallyFieldsSchema,
  rallyImageAnswerSchema,
  rallyImageSchema,
} from '../../../common/schemas/past-rallies';
import { okSchema } from '../../../common/schemas/answers';
import { rallyYear, recordId } from '../../../common/schemas/primitives';
import { rallies, rallyPhotos } from '../../db/schema';
import { theRow } from '../../db/rows';
import { HttpError, badRequest, notFound } from '../../errors';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';
import { createStorage } from '../../services/storage';
import { publishUploadedImage, settleUpload } from '../../services/uploaded-images';
import { findPhoto, findRally, listPastRallies, listRallyMenu } from './queries';

const yearParams = z.object({ year: rallyYear() });
// The totals follow the season's rule for the public figures, as the leaderboard and the stats do.
const countingRules = async (app: FastifyInstance) => ({ verifiedOnly: (await app.rallySettings()).publicTotalsVerifiedOnly });
const photoParams = z.object({ year: rallyYear(), id: recordId() });
const NO_RALLY = 'No rally for that year';
const NO_PHOTO = 'No such photo in this gallery';

/** Past rallies: read by the public pages, kept by organisers on /admin/past-rallies (every change audited). */
const pastRalliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config, app.signingKey);
  const counting = () => countingRules(app);
  const pastRally = async (year: number) => {
    const [found] = await listPastRallies(app.db, await counting(), year);
    if (!found) throw notFound(NO_RALLY);
    return found;
  };

  app.post('/api/admin/past-rallies', { schema: { body: newRallySchema, response: { 201: pastRallySchema } } }, async (request, reply) => {
    const { year } = request.body;
    if ((await app.rallySettings()).year <= year) throw badRequest('A past rally must be of an earlier year than the current season');
    await app.db.transaction(async (tx) => {
      const added = await tx.insert(rallies).values(request.body).onConflictDoNothing().returning();
      if (!added.length) throw new HttpError(409, `There is already a rally for ${year}`);
      await recordAudit(tx, request, { action: 'rally.create', targetType: 'rally', targetId: year, details: { after: request.body } });
    });
    reply.code(201);
    return pastRally(year);
  });

  app.put(
    '/api/admin/past-rallies/:year',
    { schema: { params: yearParams, body: rallyFieldsSchema, response: { 200: pastRallySchema } } },
    async (request) => {
      const { year } = request.params;
      const before = await findRally(app.db, year);
      if (!before) throw notFound(NO_RALLY);
      const { createdAt: _c, updatedAt: _u, ...was } = before;
      await app.db.transaction(async (tx) => {
        await tx.update(rallies).set(request.body).where(eq(rallies.year, year));
        await recordAudit(tx, request, {
          action: 'rally.update',
          targetType: 'rally',
          targetId: year,
          details: { before: was, after: request.body },
        });
      });
      return pastRally(year);
    },
  );

  app.delete('/api/admin/past-rallies/:year', { schema: { params: yearParams, response: { 200: okSchema } } }, async (request) => {
    const { year } = request.params;
    await app.db.transaction(async (tx) => {
      const gone = await tx.delete(rallies).where(eq(rallies.year, year)).returning();
      if (!gone.length) throw notFound(NO_RALLY);
      await recordAudit(tx, request, { action: 'rally.delete', targetType: 'rally', targetId: year, details: { title: gone[0]?.title } });
    });
    return { ok: true };
  });

  // A cover image uploaded from the rally form: re-encoded and published, its address then saved with the rally.
  app.post(
    '/api/admin/past-rallies/images',
    { schema: { body: rallyImageSchema, response: { 201: rallyImageAnswerSchema } } },
    async (request, reply) => {
      const image = await publishUploadedImage(app.db, storage, request.body.uploadURL, 'rallies/covers');
      await settleUpload(app.db, request, request.body.uploadURL);
      reply.code(201);
      return image;
    },
  );

  // One photo at a time: the browser uploads each file through a signed upload URL, then adds it here.
  app.post(
    '/api/admin/past-rallies/:year/photos',
    { schema: { params: yearParams, body: addPhotoSchema, response: { 201: galleryPhotoSchema } } },
    async (request, reply) => {
      const { year } = request.params;
      if (!(await findRally(app.db, year))) throw notFound(NO_RALLY);
      const { url, thumbUrl } = await publishUploadedImage(app.db, storage, request.body.uploadURL, `rallies/${year}`);
      await settleUpload(app.db, request, request.body.uploadURL);
      const photo = await app.db.transaction(async (tx) => {
        const [last] = await tx
          .select({ n: max(rallyPhotos.position) })
          .from(rallyPhotos)
          .where(eq(rallyPhotos.rallyYear, year));
        const rows = await tx
          .insert(rallyPhotos)
          .values({ rallyYear: year, url, thumbUrl, caption: request.body.caption, position: (last?.n ?? 0) + 1 })
          .returning();
        const added = theRow(rows, 'the new photo');
        await recordAudit(tx, request, {
          action: 'rally.photo_add',
          targetType: 'rally',
          targetId: year,
          details: { photoId: added.id, url },
        });
        return added;
      });
      reply.code(201);
      return { id: photo.id, url: photo.url, thumbUrl: photo.thumbUrl, caption: photo.caption };
    },
  );

  app.patch(
    '/api/admin/past-rallies/:year/photos/:id',
    { schema: { params: photoParams, body: photoChangeSchema, response: { 200: galleryPhotoSchema } } },
    async (request) => {
      const { year, id } = request.params;
      const before = await findPhoto(app.db, year, id);
      if (!before) throw notFound(NO_PHOTO);
      const photo = await app.db.transaction(async (tx) => {
        const [changed] = await tx.update(rallyPhotos).set({ caption: request.body.caption }).where(eq(rallyPhotos.id, id)).returning();
        if (!changed) throw notFound(NO_PHOTO);
        await recordAudit(tx, request, {
          action: 'rally.photo_caption',
          targetType: 'rally',
          targetId: year,
          details: { photoId: id, before: before.caption, after: changed.caption },
        });
        return changed;
      });
      return { id: photo.id, url: photo.url, thumbUrl: photo.thumbUrl, caption: photo.caption };
    },
  );

  app.delete(
    '/api/admin/past-rallies/:year/photos/:id',
    { schema: { params: photoParams, response: { 200: okSchema } } },
    async (request) => {
      const { year, id } = request.params;
      await app.db.transaction(async (tx) => {
        const gone = await tx
          .delete(rallyPhotos)
          .where(and(eq(rallyPhotos.id, id), eq(rallyPhotos.rallyYear, year)))
          .returning();
        if (!gone.length) throw notFound(NO_PHOTO);
        await recordAudit(tx, request, {
          action: 'rally.photo_delete',
          targetType: 'rally',
          targetId: year,
          details: { photoId: id, url: gone[0]?.url },
        });
      });
      return { ok: true };
    },
  );

  // The new order names every photo of the gallery once; anything else changes nothing.
  app.put(
    '/api/admin/past-rallies/:year/photo-order',
    { schema: { params: yearParams, body: photoOrderSchema, response: { 200: pastRallySchema } } },
    async (request) => {
      const { year } = request.params;
      const { ids } = request.body;
      const current = (await pastRally(year)).gallery.map((p) => p.id);
      const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
      if (!same) throw badRequest('The new order must list every photo of this gallery once');
      await app.db.transaction(async (tx) => {
        for (const [i, id] of ids.entries())
          await tx
            .update(rallyPhotos)
            .set({ position: i + 1 })
            .where(eq(rallyPhotos.id, id));
        await recordAudit(tx, request, { action: 'rally.photo_order', targetType: 'rally', targetId: year, details: { ids } });
      });
      return pastRally(year);
    },
  );
};

/** The list of past rallies the public pages read: a public plugin (the feature's index.ts). */
export const publicPastRalliesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/past-rallies', { schema: { response: { 200: pastRallyListSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('rallies', async () => listPastRallies(app.db, await countingRules(app)))),
  );
  app.get('/api/past-rallies/menu', { schema: { response: { 200: pastRallyMenuSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('rally-menu', async () => listRallyMenu(app.db))),
  );
};

export default pastRalliesRoutes;
