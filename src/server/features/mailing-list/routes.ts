import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { bulkSends } from '../../db/schema';
import { HttpError, notFound } from '../../plugins/errors';
import { recordAudit } from '../../services/audit';
import { createBulkSend, sendProgress } from '../../services/bulk-mail-outbox';
import { messageIdDomain, prepareContent } from '../../services/bulk-mail-content';
import { bulkEmailSchema } from '../../../common/schemas/bulk-email';
import { idParamSchema } from '../../../common/schemas/params';
import { generateMissingTokens, listContacts, mailingListRecipients, registeredRecipients } from './contacts';

const mailingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { preHandler: app.requireAdmin };

  app.get('/api/admin/mailing-list', admin, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listContacts(app.db);
  });

  app.post('/api/admin/generate-tokens', admin, async (request) => {
    const generated = await generateMissingTokens(app.db);
    await recordAudit(app.db, request, { action: 'mailing_list.generate_tokens', targetType: 'historic_participants', details: { generated } });
    return { message: `Generated ${generated} unsubscribe token${generated === 1 ? '' : 's'}`, generated };
  });

  // Queues the send: the outbox rows are written now, the workers send them at the set pace.
  app.post('/api/admin/send-bulk-email', { ...admin, schema: { body: bulkEmailSchema } }, async (request) => {
    const { subject, htmlContent, recipientType, onlyOptedIn } = request.body;
    const content = prepareContent(htmlContent);
    if (!content.text) throw new HttpError(400, 'Subject and content are required');
    const recipients = recipientType === 'mailing_list' ? await mailingListRecipients(app.db, onlyOptedIn) : await registeredRecipients(app.db);
    if (recipients.length === 0) throw new HttpError(400, 'There are no recipients for this email');
    const siteUrl = app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    const sendId = await createBulkSend(
      app.db,
      { subject, ...content, recipientType, onlyOptedIn: recipientType === 'mailing_list' ? onlyOptedIn : false, createdByUserId: request.currentUser?.id ?? null, siteUrl },
      recipients,
      messageIdDomain(app.config.MAIL_FROM),
    );
    await recordAudit(app.db, request, { action: 'email.bulk_send', targetType: 'bulk_send', targetId: sendId, details: { subject, recipientType, onlyOptedIn, recipients: recipients.length } });
    await app.bulkMail.wake(sendId);
    const n = recipients.length;
    return { message: `Email queued for ${n} recipient${n === 1 ? '' : 's'}`, sent: n, bulkSendId: sendId };
  });

  app.get('/api/admin/bulk-sends', admin, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sendProgress(app.db);
  });

  // A send paused after repeated failures carries on once the mail server is fixed.
  app.post('/api/admin/bulk-sends/:id/resume', { ...admin, schema: { params: idParamSchema } }, async (request) => {
    const [send] = await app.db
      .update(bulkSends)
      .set({ status: 'queued' })
      .where(and(eq(bulkSends.id, request.params.id), eq(bulkSends.status, 'paused')))
      .returning({ id: bulkSends.id });
    if (!send) throw notFound('No paused send with this id');
    await recordAudit(app.db, request, { action: 'email.bulk_resume', targetType: 'bulk_send', targetId: send.id });
    await app.bulkMail.wake(send.id);
    return { message: 'Sending resumed' };
  });
};

export default mailingListRoutes;
