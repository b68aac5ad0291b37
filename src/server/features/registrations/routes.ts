import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { teamPatchSchema } from '../../../common/schemas/signup';
import { idParamSchema } from '../../../common/schemas/params';
import { signups } from '../../db/schema';
import { notFound } from '../../errors';
import { recordActionAudit, recordAudit } from '../../services/audit';
import { changeEntryStatus, changeEntryStatuses, setWaitingListHold, statusHistory } from '../../services/entry-status';
import { tellConfirmedTeams } from './confirmed-email';
import { fillFreePlaces } from '../../services/rally-places';
import { userOf } from '../../plugins/auth';
import {
  statusBatchAnswerSchema,
  statusBatchSchema,
  statusChangeSchema,
  statusHistorySchema,
  waitingListHoldSchema,
} from '../../../common/schemas/entry-status';
import { listTeamsWithTotals } from './queries';
import { teamsToCsv } from './csv';
import { recordManualDonation } from './manual-donation';
import { sendDonationEmails } from './donation-emails';
import { adminDonationSchema } from '../../../common/schemas/admin-donation';
import { maskedTeamColumns, toAdminTeam, toAdminTeamRecord } from './masking';
import { veteranYears } from '../../services/veteran-years';
import { adminTeamSchema, sensitiveValuesSchema } from '../../../common/schemas/registrations';
import { teamRecordSchema } from '../../../common/schemas/signup';
import { myDonationViewSchema } from '../../../common/schemas/my-donation';
import { deletedSchema } from '../../../common/schemas/answers';
import { coDriverHadJoined, endFormerMemberAccess } from '../../services/member-access';
import { recordSponsors } from '../../services/sponsor-recorders';
import { revokeInvitationNotTo } from '../../services/team-invitations';
import { coDriverAddressChange } from '../../services/team-views';
import { toMyDonation } from '../../services/donation-view';

const csvQuerySchema = z.object({ sensitive: z.enum(['0', '1']).default('0') });

/**
 * The organisers' registrations screen: list, edit, delete, CSV export, and manual donations.
 * Every /api/admin/ path is also refused to non-admins by the auth plugin before the body is read.
 */
const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Passports, medical and dietary data never travel in lists: masked here, revealed one team at a time.
  app.get('/api/admin/registrations', { schema: { response: { 200: z.array(adminTeamSchema) } } }, async () => {
    const rows = await listTeamsWithTotals(app.db);
    const veterans = await veteranYears(app.db, rows);
    return rows.map((row) => ({ ...toAdminTeam(row), veteranYears: veterans.get(row.id) ?? { driver: [], coDriver: [] } }));
  });

  app.get(
    '/api/admin/registrations/:id/sensitive',
    { schema: { params: idParamSchema, response: { 200: sensitiveValuesSchema } } },
    async (request) => {
      const { id } = request.params;
      const [row] = await app.db
        .select({
          id: signups.id,
          teamName: signups.teamName,
          driverPassport: signups.driverPassport,
          coDriverPassport: signups.coDriverPassport,
          medicalConditions: signups.medicalConditions,
          dietaryRequirements: signups.dietaryRequirements,
        })
        .from(signups)
        .where(eq(signups.id, id));
      if (!row) throw notFound('Signup not found');
      await recordActionAudit(app.db, request, {
        action: 'signup.reveal_sensitive',
        targetType: 'signup',
        targetId: id,
        details: { teamName: row.teamName },
      });
      const { teamName: _teamName, ...values } = row;
      return values;
    },
  );

  app.get('/api/admin/registrations/export.csv', { schema: { querystring: csvQuerySchema } }, async (request, reply) => {
    const includeSensitive = request.query.sensitive === '1';
    const rows = await listTeamsWithTotals(app.db, includeSensitive ? 'opened' : 'masked');
    await recordActionAudit(app.db, request, {
      action: 'signups.export',
      targetType: 'signup',
      details: { rows: rows.length, includesSensitive: includeSensitive },
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="rally-registrations-${day}.csv"`)
      .send(teamsToCsv(rows, { includeSensitive }));
  });

  app.patch(
    '/api/admin/registrations/:id',
    { schema: { params: idParamSchema, body: teamPatchSchema.strict(), response: { 200: teamRecordSchema } } },
    async (request) => {
      const { id } = request.params;
      const patch = request.body;
      return app.db.transaction(async (tx) => {
        const fields = Object.keys(patch);
        const [before] = await tx
          .select({ coDriverAcceptedAt: signups.coDriverAcceptedAt, coDriverUserId: signups.coDriverUserId, sponsors: signups.sponsors })
          .from(signups)
          .where(eq(signups.id, id))
          .for('update');
        // The organisers may change any sponsor (as the driver may); those the co-driver added stay noted as theirs.
        const sponsors = patch.sponsors && { sponsors: recordSponsors('driver', before?.sponsors ?? [], patch.sponsors) };
        const [updated] = fields.length
          ? await tx
              .update(signups)
              // A changed co-driver address is a different person: the previous one's acceptance and details do not carry over.
              .set({ ...patch, ...sponsors, ...('coDriverEmail' in patch ? coDriverAddressChange(patch) : {}) })
              .where(eq(signups.id, id))
              .returning(maskedTeamColumns)
          : await tx.select(maskedTeamColumns).from(signups).where(eq(signups.id, id));
        if (!updated) throw notFound('Signup not found');
        if ('coDriverEmail' in patch) {
          await revokeInvitationNotTo(tx, id, 'co-driver', updated.coDriverEmail);
          const [after] = await tx
            .select({ coDriverAcceptedAt: signups.coDriverAcceptedAt, coDriverUserId: signups.coDriverUserId })
            .from(signups)
            .where(eq(signups.id, id));
          await endFormerMemberAccess(tx, id, !!before && coDriverHadJoined(before) && !!after && !coDriverHadJoined(after));
        }
        // Field names only: values may be passport numbers or medical details.
        await recordAudit(tx, request, {
          action: 'signup.update',
          targetType: 'signup',
          targetId: id,
          details: { teamName: updated.teamName, fields },
        });
        return toAdminTeamRecord(updated);
      });
    },
  );

  app.get(
    '/api/admin/registrations/:id/status-history',
    { schema: { params: idParamSchema, response: { 200: statusHistorySchema } } },
    async (request) => statusHistory(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/registrations/:id/status',
    { schema: { params: idParamSchema, body: statusChangeSchema, response: { 200: statusHistorySchema } } },
    async (request) => {
      const { id } = request.params;
      const { status, reason } = request.body;
      const move = await app.db.transaction(async (tx) => {
        const moved = await changeEntryStatus(tx, id, status, { user: userOf(request), role: 'organiser' }, reason);
        await recordAudit(tx, request, {
          action: 'signup.status',
          targetType: 'signup',
          targetId: id,
          details: { ...moved, reason: reason || null },
        });
        return moved;
      });
      if (status === 'confirmed') await tellConfirmedTeams(app, [id]);
      await fillFreePlaces(app, move.year);
      return statusHistory(app.db, id);
    },
  );

  // A team an organiser moved to the waiting list is held there; clearing the hold puts it back in
  // line (and offers it a free place, if there is one).
  app.put(
    '/api/admin/registrations/:id/waiting-list-hold',
    { schema: { params: idParamSchema, body: waitingListHoldSchema, response: { 200: waitingListHoldSchema } } },
    async (request) => {
      const { id } = request.params;
      const { held } = request.body;
      const team = await app.db.transaction(async (tx) => {
        const changed = await setWaitingListHold(tx, id, held);
        await recordAudit(tx, request, {
          action: 'signup.waiting_list_hold',
          targetType: 'signup',
          targetId: id,
          details: { teamName: changed.teamName, held },
        });
        return changed;
      });
      if (!held) await fillFreePlaces(app, team.year);
      return { held };
    },
  );

  app.post(
    '/api/admin/registrations/status-batch',
    { schema: { body: statusBatchSchema, response: { 200: statusBatchAnswerSchema } } },
    async (request) => {
      const { ids, status, reason } = request.body;
      const { moved, unchanged } = await app.db.transaction(async (tx) => {
        const batch = await changeEntryStatuses(tx, ids, status, { user: userOf(request), role: 'organiser' }, reason);
        for (const m of batch.moved) {
          await recordAudit(tx, request, {
            action: 'signup.status',
            targetType: 'signup',
            targetId: m.id,
            details: { from: m.from, to: status, reason: reason || null },
          });
        }
        return batch;
      });
      if (status === 'confirmed')
        await tellConfirmedTeams(
          app,
          moved.map((m) => m.id),
        );
      for (const year of new Set(moved.map((m) => m.year))) await fillFreePlaces(app, year);
      return { changed: moved.length, unchanged };
    },
  );

  app.delete('/api/admin/registrations/:id', { schema: { params: idParamSchema, response: { 200: deletedSchema } } }, async (request) => {
    const { id } = request.params;
    const year = await app.db.transaction(async (tx) => {
      // The signup's donations go with it (ON DELETE CASCADE).
      const [deleted] = await tx
        .delete(signups)
        .where(eq(signups.id, id))
        .returning({ id: signups.id, teamName: signups.teamName, year: signups.rallyYear });
      if (!deleted) throw notFound('Signup not found');
      await recordAudit(tx, request, {
        action: 'signup.delete',
        targetType: 'signup',
        targetId: id,
        details: { teamName: deleted.teamName },
      });
      return deleted.year;
    });
    await fillFreePlaces(app, year);
    return { ok: true, id };
  });

  app.post(
    '/api/admin/registrations/donations',
    { schema: { body: adminDonationSchema, response: { 200: myDonationViewSchema, 201: myDonationViewSchema } } },
    async (request, reply) => {
      const { donation, created, team } = await recordManualDonation(app.db, request, request.body);
      // A repeated submit sends nothing again.
      if (created) await sendDonationEmails(app.mailer, request.log, donation, team, await app.rallySettings());
      return reply.code(created ? 201 : 200).send(toMyDonation(donation));
    },
  );
};

export default registrationsRoutes;
