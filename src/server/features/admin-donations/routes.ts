import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { idParamSchema } from '../../../common/schemas/params';
import { ledgerFilterSchema, ledgerPageSchema, ledgerPatchSchema, weeklyTotalsSchema } from '../../../common/schemas/ledger';
import { myDonationViewSchema } from '../../../common/schemas/my-donation';
import { deletedSchema } from '../../../common/schemas/answers';
import { toMyDonation } from '../../services/donation-view';
import { normaliseDonor } from '../../../common/schemas/donation';
import { donations, signups } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordActionAudit, recordAudit } from '../../services/audit';
import { auditView, listLedger, listLedgerAll, weeklyCumulative } from './queries';
import { ledgerToCsv } from './csv';
import { theRow } from '../../db/rows';

/**
 * The organisers' donations ledger: every donation whatever recorded it, with filters, corrections,
 * deletion and verification (each audited with the values before and after), and a CSV export.
 * The public lists follow at once: the donations trigger moves the public data version (migration 0003).
 */
const adminDonationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/donations', { schema: { querystring: ledgerFilterSchema, response: { 200: ledgerPageSchema } } }, async (request) =>
    listLedger(app.db, request.query),
  );

  app.get('/api/admin/donations/weekly', { schema: { response: { 200: weeklyTotalsSchema } } }, async () => weeklyCumulative(app.db));

  app.get('/api/admin/donations/export.csv', { schema: { querystring: ledgerFilterSchema } }, async (request, reply) => {
    const rows = await listLedgerAll(app.db, request.query);
    await recordActionAudit(app.db, request, { action: 'donations.export', targetType: 'donation', details: { rows: rows.length } });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="rally-donations-${day}.csv"`)
      .send(ledgerToCsv(rows));
  });

  app.patch(
    '/api/admin/donations/:id',
    { schema: { params: idParamSchema, body: ledgerPatchSchema, response: { 200: myDonationViewSchema } } },
    async (request) =>
      app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(donations).where(eq(donations.id, request.params.id)).for('update');
        if (!before) throw notFound('Donation not found');
        // The sync owns a JustGiving line: a hand edit would be overwritten within 15 minutes.
        if (before.source === 'justgiving') throw new HttpError(409, 'JustGiving totals are updated by the JustGiving sync');
        const patch = request.body;
        if (patch.signupId && patch.signupId !== before.signupId) {
          const [team] = await tx.select({ id: signups.id }).from(signups).where(eq(signups.id, patch.signupId));
          if (!team) throw notFound('Team not found');
        }
        const merged = normaliseDonor({ ...before, ...patch });
        const after = theRow(
          await tx
            .update(donations)
            .set({
              ...patch,
              ...(patch.currency ? { currency: patch.currency.toUpperCase() } : {}),
              donorName: merged.donorName,
              donorEmail: merged.donorEmail,
            })
            .where(eq(donations.id, before.id))
            .returning(),
          'the updated donation',
        );
        await recordAudit(tx, request, {
          action: 'donation.update',
          targetType: 'donation',
          targetId: before.id,
          details: { before: auditView(before), after: auditView(after) },
        });
        return toMyDonation(after);
      }),
  );

  app.post(
    '/api/admin/donations/:id/verify',
    { schema: { params: idParamSchema, response: { 200: myDonationViewSchema } } },
    async (request) =>
      app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(donations).where(eq(donations.id, request.params.id)).for('update');
        if (!before) throw notFound('Donation not found');
        const after = theRow(
          await tx.update(donations).set({ state: 'verified' }).where(eq(donations.id, before.id)).returning(),
          'the verified donation',
        );
        await recordAudit(tx, request, {
          action: 'donation.verify',
          targetType: 'donation',
          targetId: before.id,
          details: { before: auditView(before), after: auditView(after) },
        });
        return toMyDonation(after);
      }),
  );

  app.delete('/api/admin/donations/:id', { schema: { params: idParamSchema, response: { 200: deletedSchema } } }, async (request) =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.delete(donations).where(eq(donations.id, request.params.id)).returning();
      if (!before) throw notFound('Donation not found');
      await recordAudit(tx, request, {
        action: 'donation.delete',
        targetType: 'donation',
        targetId: before.id,
        details: { before: auditView(before), after: null },
      });
      return { ok: true, id: before.id };
    }),
  );
};

export default adminDonationsRoutes;
