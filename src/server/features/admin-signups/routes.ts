import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { signupPatchSchema } from '../../../common/schemas/signup';
import { idParamSchema } from '../../../common/schemas/params';
import { signups } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../../services/audit';
import { listSignupsWithTotals } from './queries';
import { signupsToCsv } from './csv';
import { recordManualDonation } from './manual-donation';
import { adminDonationSchema } from '../../../common/schemas/admin-donation';

/**
 * The organisers' registrations screen: list, edit, delete, CSV export, and manual donations.
 * Every /api/admin/ path is also refused to non-admins by the auth plugin before the body is read.
 */
const adminSignupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireAdmin };

  app.get('/api/admin/signups', admin, async () => listSignupsWithTotals(app.db));

  app.get('/api/admin/signups.csv', admin, async (request, reply) => {
    const rows = await listSignupsWithTotals(app.db);
    await recordAudit(app.db, request, { action: 'signups.export', targetType: 'signup', details: { rows: rows.length } });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="rally-registrations-${day}.csv"`)
      .send(signupsToCsv(rows));
  });

  app.patch('/api/admin/signups/:id', { ...admin, schema: { params: idParamSchema, body: signupPatchSchema.strict() } }, async (request) => {
    const { id } = request.params;
    const patch = request.body;
    return app.db.transaction(async (tx) => {
      const fields = Object.keys(patch);
      const [updated] = fields.length
        ? await tx.update(signups).set(patch).where(eq(signups.id, id)).returning()
        : await tx.select().from(signups).where(eq(signups.id, id));
      if (!updated) throw notFound('Signup not found');
      // Field names only: values may be passport numbers or medical details.
      await recordAudit(tx, request, { action: 'signup.update', targetType: 'signup', targetId: id, details: { teamName: updated.teamName, fields } });
      return updated;
    });
  });

  app.delete('/api/admin/signups/:id', { ...admin, schema: { params: idParamSchema } }, async (request) => {
    const { id } = request.params;
    return app.db.transaction(async (tx) => {
      // The signup's donations go with it (ON DELETE CASCADE).
      const [deleted] = await tx.delete(signups).where(eq(signups.id, id)).returning({ id: signups.id, teamName: signups.teamName });
      if (!deleted) throw notFound('Signup not found');
      await recordAudit(tx, request, { action: 'signup.delete', targetType: 'signup', targetId: id, details: { teamName: deleted.teamName } });
      return { ok: true, id };
    });
  });

  app.post('/api/donations', { ...admin, schema: { body: adminDonationSchema } }, async (request, reply) => {
    const { donation, created } = await recordManualDonation(app.db, request, request.body);
    return reply.code(created ? 201 : 200).send(donation);
  });
};

export default adminSignupsRoutes;
