import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  statAdminSchema,
  statSettingsSchema,
  statTilesSchema,
  testimonialFieldsSchema,
  testimonialListSchema,
  testimonialOrderSchema,
  testimonialSchema,
} from '../../../common/schemas/home-page';
import { okSchema } from '../../../common/schemas/answers';
import { recordId } from '../../../common/schemas/primitives';
import { homeStats, testimonials } from '../../db/schema';
import { theRow } from '../../db/rows';
import { badRequest, notFound } from '../../errors';
import { sendCachedJson } from '../../plugins/compression';
import { recordAudit } from '../../services/audit';
import { findTestimonial, listTestimonials, loadStatSettings, nextTestimonialPosition, statAdmin, statTiles } from './queries';

const idParams = z.object({ id: recordId() });
/** Which teams' figures the tiles count: the season's rule for the public figures. */
const statCountRules = async (app: FastifyInstance) => ({ verifiedOnly: (await app.rallySettings()).publicTotalsVerifiedOnly });
const NO_STORY = 'No such story';
const publicFields = ({ id, quote, author, rallyLabel }: typeof testimonials.$inferSelect) => ({ id, quote, author, rallyLabel });

/**
 * The home page's own content: the Rallier Stories and the Rally in Numbers tiles. Read by the
 * home page (cached public answers), kept by organisers on /admin/home-page (every change audited).
 */
const homePageRoutes: FastifyPluginAsyncZod = async (app) => {
  const countRules = () => statCountRules(app);

  app.post(
    '/api/admin/home-page/testimonials',
    { schema: { body: testimonialFieldsSchema, response: { 201: testimonialSchema } } },
    async (request, reply) => {
      const added = await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(testimonials)
          .values({ ...request.body, position: await nextTestimonialPosition(tx) })
          .returning();
        const row = theRow(rows, 'the new story');
        await recordAudit(tx, request, {
          action: 'testimonial.create',
          targetType: 'testimonial',
          targetId: row.id,
          details: { after: request.body },
        });
        return row;
      });
      reply.code(201);
      return publicFields(added);
    },
  );

  app.put(
    '/api/admin/home-page/testimonials/:id',
    { schema: { params: idParams, body: testimonialFieldsSchema, response: { 200: testimonialSchema } } },
    async (request) => {
      const { id } = request.params;
      const before = await findTestimonial(app.db, id);
      if (!before) throw notFound(NO_STORY);
      const { quote, author, rallyLabel } = before;
      const after = await app.db.transaction(async (tx) => {
        const [row] = await tx.update(testimonials).set(request.body).where(eq(testimonials.id, id)).returning();
        if (!row) throw notFound(NO_STORY);
        await recordAudit(tx, request, {
          action: 'testimonial.update',
          targetType: 'testimonial',
          targetId: id,
          details: { before: { quote, author, rallyLabel }, after: request.body },
        });
        return row;
      });
      return publicFields(after);
    },
  );

  app.delete('/api/admin/home-page/testimonials/:id', { schema: { params: idParams, response: { 200: okSchema } } }, async (request) => {
    const { id } = request.params;
    await app.db.transaction(async (tx) => {
      const gone = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
      if (!gone[0]) throw notFound(NO_STORY);
      const { quote, author, rallyLabel } = gone[0];
      await recordAudit(tx, request, {
        action: 'testimonial.delete',
        targetType: 'testimonial',
        targetId: id,
        details: { before: { quote, author, rallyLabel } },
      });
    });
    return { ok: true };
  });

  // The new order names every story once; anything else changes nothing.
  app.put(
    '/api/admin/home-page/testimonial-order',
    { schema: { body: testimonialOrderSchema, response: { 200: testimonialListSchema } } },
    async (request) => {
      const { ids } = request.body;
      const current = (await listTestimonials(app.db)).map((t) => t.id);
      const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
      if (!same) throw badRequest('The new order must list every story once');
      await app.db.transaction(async (tx) => {
        for (const [i, id] of ids.entries())
          await tx
            .update(testimonials)
            .set({ position: i + 1 })
            .where(eq(testimonials.id, id));
        await recordAudit(tx, request, { action: 'testimonial.order', targetType: 'testimonial', details: { ids } });
      });
      return listTestimonials(app.db);
    },
  );

  app.get('/api/admin/home-page/stats', { schema: { response: { 200: statAdminSchema } } }, async () =>
    statAdmin(app.db, await countRules()),
  );

  app.put('/api/admin/home-page/stats', { schema: { body: statSettingsSchema, response: { 200: statAdminSchema } } }, async (request) => {
    const before = await loadStatSettings(app.db);
    const { historicFundsPence, historicFundsThroughYear, overrides } = request.body;
    const after = {
      historicFundsPence,
      historicFundsThroughYear,
      ralliesOverride: overrides.rallies,
      ralliersOverride: overrides.ralliers,
      kilometresOverride: overrides.kilometres,
      fundsOverride: overrides.funds,
    };
    const { id: _id, createdAt: _c, updatedAt: _u, ...was } = before;
    await app.db.transaction(async (tx) => {
      await tx.update(homeStats).set(after).where(eq(homeStats.id, 1));
      await recordAudit(tx, request, { action: 'stats.update', targetType: 'home_stats', details: { before: was, after } });
    });
    return statAdmin(app.db, await countRules());
  });
};

/** The stories and tiles as the home page reads them: a public plugin (the feature's index.ts). */
export const publicHomePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/home-page/testimonials', { schema: { response: { 200: testimonialListSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('testimonials', () => listTestimonials(app.db))),
  );

  app.get('/api/home-page/stats', { schema: { response: { 200: statTilesSchema } } }, async (request, reply) =>
    sendCachedJson(request, reply, await app.publicCache.answer('stats', async () => statTiles(app.db, await statCountRules(app)))),
  );
};

export default homePageRoutes;
