import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { bulkSends } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';
import { siteOrigin } from '../../services/site-links';
import { sendProgress } from './outbox';
import { createBulkSend } from '../../services/bulk-outbox';
import { prepareContent } from './content';
import { messageIdDomain } from '../../services/bulk-outbox';
import { audienceMembers, countAudience } from '../../services/contact-audience';
import { audienceOf } from './send-audience';
import { z } from 'zod';
import {
  audienceCountSchema,
  audienceQuerySchema,
  bulkEmailSchema,
  bulkSendAnswerSchema,
  bulkSendProgressSchema,
  generateTokensAnswerSchema,
  mailingContactSchema,
} from '../../../common/schemas/bulk-email';
import { messageSchema } from '../../../common/schemas/answers';
import { idParamSchema } from '../../../common/schemas/params';
import { generateMissingTokens, listContacts } from './mailing-list';

const mailingListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/bulk-mail/mailing-list', { schema: { response: { 200: z.array(mailingContactSchema) } } }, async () => {
    return listContacts(app.db);
  });

  app.post('/api/admin/bulk-mail/generate-tokens', { schema: { response: { 200: generateTokensAnswerSchema } } }, async (request) => {
    const generated = await app.db.transaction(async (tx) => {
      const made = await generateMissingTokens(tx);
      await recordAudit(tx, request, {
        action: 'mailing_list.generate_tokens',
        targetType: 'historic_participants',
        details: { generated: made },
      });
      return made;
    });
    return { message: `Generated ${generated} unsubscribe token${generated === 1 ? '' : 's'}`, generated };
  });

  // Queues the send: the outbox rows are written now, the workers send them at the set pace.
  app.post('/api/admin/bulk-mail/send', { schema: { body: bulkEmailSchema, response: { 200: bulkSendAnswerSchema } } }, async (request) => {
    const { subject, htmlContent, recipientType, onlyOptedIn } = request.body;
    const content = prepareContent(htmlContent);
    if (!content.text) throw new HttpError(400, 'Subject and content are required');
    const audience = audienceOf(recipientType, request.body.audience, onlyOptedIn);
    const recipients = await audienceMembers(app.db, audience);
    if (recipients.length === 0) throw new HttpError(400, 'There are no recipients for this email');
    const siteUrl = siteOrigin(app.config);
    const { trackLinkClicks } = await app.rallySettings();
    const sendId = await app.db.transaction(async (tx) => {
      const id = await createBulkSend(
        tx,
        {
          subject,
          ...content,
          recipientType,
          kind: audience.kind,
          audience,
          onlyOptedIn: audience.onlyOptedIn,
          createdByUserId: request.currentUser?.id ?? null,
          siteUrl,
          trackClicks: trackLinkClicks,
        },
        recipients,
        messageIdDomain(app.config.MAIL_FROM),
      );
      await recordAudit(tx, request, {
        action: 'email.bulk_send',
        targetType: 'bulk_send',
        targetId: id,
        details: { subject, recipientType, kind: audience.kind, onlyOptedIn: audience.onlyOptedIn, recipients: recipients.length },
      });
      return id;
    });
    await app.bulkMail.wake(sendId);
    const n = recipients.length;
    return { message: `Email queued for ${n} recipient${n === 1 ? '' : 's'}`, sent: n, bulkSendId: sendId };
  });

  // The audience's size by the same rule and query the send uses, so the page shows what will go.
  app.get(
    '/api/admin/bulk-mail/audience-count',
    { schema: { querystring: audienceQuerySchema, response: { 200: audienceCountSchema } } },
    async (request) => {
      const { recipientType, onlyOptedIn, ...filter } = request.query;
      const audience = audienceOf(recipientType, filter, onlyOptedIn);
      return { count: await countAudience(app.db, audience), kind: audience.kind };
    },
  );

  app.get('/api/admin/bulk-mail/sends', { schema: { response: { 200: z.array(bulkSendProgressSchema) } } }, async () => {
    return sendProgress(app.db);
  });

  // The organiser may hold a send and carry on later; rows in flight finish, no more are taken.
  app.post(
    '/api/admin/bulk-mail/sends/:id/pause',
    { schema: { params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const [send] = await tx
          .update(bulkSends)
          .set({ status: 'paused' })
          .where(and(eq(bulkSends.id, request.params.id), inArray(bulkSends.status, ['queued', 'sending'])))
          .returning({ id: bulkSends.id });
        if (!send) throw notFound('No send in progress with this id');
        await recordAudit(tx, request, { action: 'email.bulk_pause', targetType: 'bulk_send', targetId: send.id });
      });
      return { message: 'Sending paused' };
    },
  );

  // A paused send (by the organiser, or after repeated failures) carries on.
  app.post(
    '/api/admin/bulk-mail/sends/:id/resume',
    { schema: { params: idParamSchema, response: { 200: messageSchema } } },
    async (request) => {
      const send = await app.db.transaction(async (tx) => {
        const [resumed] = await tx
          .update(bulkSends)
          .set({ status: 'queued' })
          .where(and(eq(bulkSends.id, request.params.id), eq(bulkSends.status, 'paused')))
          .returning({ id: bulkSends.id });
        if (!resumed) throw notFound('No paused send with this id');
        await recordAudit(tx, request, { action: 'email.bulk_resume', targetType: 'bulk_send', targetId: resumed.id });
        return resumed;
      });
      await app.bulkMail.wake(send.id);
      return { message: 'Sending resumed' };
    },
  );
};

export default mailingListRoutes;
