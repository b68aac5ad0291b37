import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  deleteAccountSchema,
  eraseAnswerSchema,
  personEmailSchema,
  privacyInfoSchema,
  type PrivacyInfo,
} from '../../../common/schemas/privacy';
import { okSchema } from '../../../common/schemas/answers';
import { userOf } from '../../plugins/auth';
import { HttpError, badRequest, notFound } from '../../errors';
import { recordActionAudit, recordAudit, recordSystemAudit } from '../../services/audit';
import { verifyPassword } from '../../services/passwords';
import { findUserByEmail } from '../../services/accounts';
import { erasePerson, exportPersonalData, holdsAnything } from './personal-data';
import { sensitiveDataDeleteAfter, startSensitiveDataPurge } from './retention';

const NO_PERSON = 'No account or registration with this e-mail address';

function sendDownload(reply: FastifyReply, data: unknown) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Disposition', `attachment; filename="my-rally-data-${day}.json"`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(data, null, 2));
}

/** The privacy notice's facts, a person's own data (download, erase), and the organisers' version of both. */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.workerStarters.push(startSensitiveDataPurge);
  app.get('/api/privacy', { schema: { response: { 200: privacyInfoSchema } } }, async (): Promise<PrivacyInfo> => {
    const rally = await app.rallySettings();
    return {
      organisationName: rally.organisationName,
      contact: rally.privacyContact,
      retentionDays: app.config.SENSITIVE_DATA_RETENTION_DAYS,
      deleteAfter: sensitiveDataDeleteAfter(rally, app.config.SENSITIVE_DATA_RETENTION_DAYS).toISOString().slice(0, 10),
    };
  });

  app.get('/api/my-privacy/data', async (request, reply) => {
    const user = userOf(request);
    return sendDownload(reply, await exportPersonalData(app.db, { user }, app.personalDataParts));
  });

  app.delete('/api/my-privacy/account', { schema: { body: deleteAccountSchema, response: { 200: okSchema } } }, async (request) => {
    const user = userOf(request);
    if (!(await verifyPassword(request.body.password, user.password))) {
      // Signed in, but the confirmation failed: refused, distinct from a malformed request.
      throw new HttpError(403, 'Password is incorrect');
    }
    await app.db.transaction(async (tx) => {
      const { teams } = await erasePerson(tx, { user }, app.personalDataParts);
      // No e-mail in the record: the point is that it is gone.
      await recordSystemAudit(tx, {
        action: 'privacy.erase',
        targetType: 'user',
        targetId: user.id,
        details: { teams, by: 'account holder' },
      });
    });
    await request.session.destroy();
    return { ok: true };
  });

  app.get('/api/admin/privacy/export', { schema: { querystring: personEmailSchema } }, async (request, reply) => {
    const { email } = request.query;
    const user = await findUserByEmail(app.db, email);
    const data = await exportPersonalData(app.db, { user, email }, app.personalDataParts);
    if (!holdsAnything(data, app.personalDataParts)) throw notFound(NO_PERSON);
    await recordActionAudit(app.db, request, {
      action: 'privacy.export',
      targetType: 'user',
      targetId: user?.id,
      details: { teams: data.teams.length },
    });
    return sendDownload(reply, data);
  });

  app.post('/api/admin/privacy/erase', { schema: { body: personEmailSchema, response: { 200: eraseAnswerSchema } } }, async (request) => {
    const { email } = request.body;
    const user = await findUserByEmail(app.db, email);
    if (user?.id === request.currentUser?.id) throw badRequest('Use Delete my account on your own dashboard to erase your own account');
    const teams = await app.db.transaction(async (tx) => {
      const erased = await erasePerson(tx, { user, email }, app.personalDataParts);
      if (!user && !erased.teams && !Object.values(erased.counted).some(Boolean)) throw notFound(NO_PERSON);
      await recordAudit(tx, request, {
        action: 'privacy.erase',
        targetType: 'user',
        targetId: user?.id,
        details: { teams: erased.teams, ...erased.counted, by: 'organiser' },
      });
      return erased.teams;
    });
    return { ok: true, account: Boolean(user), teams };
  });
};

export default privacyRoutes;
