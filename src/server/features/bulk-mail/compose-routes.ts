import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import escapeHtml from 'escape-html';
import { eq } from 'drizzle-orm';
import {
  bulkSendDetailSchema,
  composePreviewAnswerSchema,
  composePreviewSchema,
  testSendAnswerSchema,
} from '../../../common/schemas/bulk-email';
import { contactFilterSchema } from '../../../common/schemas/contacts';
import { idParamSchema } from '../../../common/schemas/params';
import { bulkSends, contacts } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../errors';
import { recordActionAudit } from '../../services/audit';
import { audienceMembers } from '../../services/contact-audience';
import { enforce } from '../../services/rate-limit';
import { siteLink } from '../../services/site-links';
import type { z } from 'zod';
import { personalMessage, prepareContent, unsubscribeUrl } from './content';
import { messageIdDomain } from '../../services/bulk-outbox';
import { sendProgress } from './outbox';
import { audienceOf } from './send-audience';

const MINUTE = 60_000;
/** Enough to try a message a few times over; a runaway loop cannot flood the organiser's inbox. */
const TEST_SENDS = { max: 10, windowMs: 10 * MINUTE };
const RECIPIENT_CHOICES = 50;

/**
 * The composer's preview, test send and the history's "open a send". The preview and the test
 * are rendered by personalMessage, the function the worker sends every real message with, for a
 * recipient of the audience chosen by the same rule as the send.
 */
const composeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The message of a composer's request for one recipient of its audience. */
  async function render(input: z.output<typeof composePreviewSchema>) {
    const content = prepareContent(input.htmlContent);
    if (!content.text) throw badRequest('Subject and content are required');
    const audience = audienceOf(input.recipientType, input.audience, input.onlyOptedIn);
    const members = await audienceMembers(app.db, audience);
    const wanted = input.recipientEmail?.toLowerCase();
    const member = wanted ? members.find((m) => m.email === wanted) : members[0];
    if (wanted && !member) throw badRequest('That address is not among the recipients of this message');
    const send = { subject: input.subject, ...content, kind: audience.kind };
    return { send, member: member ?? null, members, domain: messageIdDomain(app.config.MAIL_FROM) };
  }

  app.post(
    '/api/admin/bulk-mail/preview',
    { schema: { body: composePreviewSchema, response: { 200: composePreviewAnswerSchema } } },
    async (request) => {
      const { send, member, members, domain } = await render(request.body);
      const message = personalMessage(send, {
        email: member?.email ?? '',
        messageId: `<preview@${domain}>`,
        unsubscribeUrl: unsubscribeUrl(app.config, member?.unsubscribeToken ?? null),
        mergeFields: member?.mergeFields ?? null,
      });
      const who = (m: { email: string; name: string | null }) => ({ email: m.email, name: m.name });
      return {
        recipient: member ? who(member) : null,
        recipients: members.slice(0, RECIPIENT_CHOICES).map(who),
        subject: message.subject,
        html: message.html ?? '',
        text: message.text,
      };
    },
  );

  // To the signed-in organiser only, marked as a test, filled in for the chosen recipient. Its
  // unsubscribe link is the tester's own, so following it does what a recipient's would, to the
  // tester alone; a tester who is not a contact gets the example page, and the note says so.
  app.post(
    '/api/admin/bulk-mail/test',
    { schema: { body: composePreviewSchema, response: { 200: testSendAnswerSchema } } },
    async (request, reply) => {
      const organiser = request.currentUser;
      if (!organiser) throw new HttpError(401, 'Unauthorized');
      await enforce(app.db, [{ key: `bulk-test:${organiser.id}`, ...TEST_SENDS }], reply);
      const { send, member, domain } = await render(request.body);
      const filledFor = member?.name ?? member?.email ?? 'nobody (the audience is empty)';
      const [tester] = await app.db
        .select({ token: contacts.unsubscribeToken })
        .from(contacts)
        .where(eq(contacts.email, organiser.email.trim().toLowerCase()));
      const message = personalMessage(send, {
        email: organiser.email,
        messageId: `<test-${randomUUID()}@${domain}>`,
        unsubscribeUrl: tester ? unsubscribeUrl(app.config, tester.token) : siteLink(app.config, '/unsubscribe'),
        mergeFields: member?.mergeFields ?? null,
      });
      const linkNote = tester
        ? 'Its unsubscribe link is yours: following it takes you, and only you, off the mailing list.'
        : 'You are not on the contact list, so its unsubscribe link is only an example; in the real send each recipient gets their own.';
      const note = `This is a test of a bulk e-mail, filled in for ${filledFor}. It went only to you. ${linkNote}`;
      await app.mailer.send({
        to: organiser.email,
        subject: `[Test] ${message.subject}`,
        messageId: message.messageId,
        html: `<p style="padding:8px;background:#fef3c7;font-size:13px">${escapeHtml(note)}</p>\n${message.html ?? ''}`,
        text: `[${note}]\n\n${message.text}`,
      });
      await recordActionAudit(app.db, request, {
        action: 'email.bulk_test',
        targetType: 'user',
        targetId: organiser.id,
        details: { subject: send.subject, filledFor: member?.email ?? null },
      });
      return { message: `Test email sent to ${organiser.email}`, to: organiser.email };
    },
  );

  // One send from the history, with the message as it was stored and sent (before each
  // recipient's merge fields and footer).
  app.get(
    '/api/admin/bulk-mail/sends/:id',
    { schema: { params: idParamSchema, response: { 200: bulkSendDetailSchema } } },
    async (request) => {
      const [progress] = await sendProgress(app.db, 1, request.params.id);
      const [row] = await app.db.select().from(bulkSends).where(eq(bulkSends.id, request.params.id));
      if (!progress || !row) throw notFound('No send with this id');
      return {
        ...progress,
        html: row.html,
        text: row.text,
        onlyOptedIn: row.onlyOptedIn,
        audience: contactFilterSchema.catch({}).parse(row.audience ?? {}),
      };
    },
  );
};

export default composeRoutes;
