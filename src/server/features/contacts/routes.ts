import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { contacts, emailOptOuts } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordActionAudit, recordAudit } from '../../services/audit';
import {
  contactCreateSchema,
  contactFilterSchema,
  contactListSchema,
  contactSchema,
  contactUpdateSchema,
  consentRequestCountSchema,
  consentRequestQuerySchema,
  consentRequestSchema,
} from '../../../common/schemas/contacts';
import { bulkSendAnswerSchema } from '../../../common/schemas/bulk-email';
import { idParamSchema } from '../../../common/schemas/params';
import { messageSchema } from '../../../common/schemas/answers';
import { rowsToCsv } from '../../../common/email-csv';
import { contactByEmail, contactById, eraseContact, findContacts, toView } from './queries';
import { countConsentRequest, queueConsentRequest } from './consent-request';
import { moveAddress } from '../../services/contact-address';

const TAKEN = 'Another contact already has this email address';

/** The organisers' contact list: everyone the rally can e-mail, with their consent. */
const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const consentBy = (request: { currentUser?: { email: string } | null }) => `organiser ${request.currentUser?.email ?? ''}`.trim();

  app.get(
    '/api/admin/contacts',
    { schema: { querystring: contactFilterSchema, response: { 200: contactListSchema } } },
    async (request) => {
      return findContacts(app.db, request.query);
    },
  );

  app.post('/api/admin/contacts', { schema: { body: contactCreateSchema, response: { 201: contactSchema } } }, async (request, reply) => {
    const { email, firstName, lastName, consent } = request.body;
    if (await contactByEmail(app.db, email)) throw new HttpError(409, TAKEN);
    const [gone] = await app.db.select().from(emailOptOuts).where(eq(emailOptOuts.email, email));
    // An address that was erased or unsubscribed stays out unless the organiser records consent.
    const state = gone && consent === 'not_asked' ? 'opted_out' : consent;
    const row = await app.db.transaction(async (tx) => {
      const [added] = await tx
        .insert(contacts)
        .values({
          email,
          firstName,
          lastName,
          sources: ['manual'],
          consent: state,
          consentAt: state === 'not_asked' ? null : new Date(),
          consentSource: state === 'not_asked' ? null : consentBy(request),
        })
        .returning();
      await recordAudit(tx, request, {
        action: 'contact.create',
        targetType: 'contact',
        targetId: added!.id,
        details: { consent: state },
      });
      return added!;
    });
    reply.code(201);
    return toView(row);
  });

  app.patch(
    '/api/admin/contacts/:id',
    { schema: { params: idParamSchema, body: contactUpdateSchema, response: { 200: contactSchema } } },
    async (request) => {
      const before = await contactById(app.db, request.params.id);
      if (!before) throw notFound('Contact not found');
      const set: Partial<typeof contacts.$inferInsert> = {};
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['firstName', 'lastName', 'email', 'consent'] as const) {
        const to = request.body[key];
        if (to === undefined || to === before[key]) continue;
        Object.assign(set, { [key]: to });
        // Addresses are personal data: the audit says that it changed, not what to.
        changed[key] = key === 'email' ? { from: 'previous address', to: 'new address' } : { from: before[key], to };
      }
      if (set.consent) Object.assign(set, { consentAt: new Date(), consentSource: consentBy(request) });
      if (Object.keys(set).length === 0) return toView(before);
      const { email: newEmail, ...rest } = set;
      const row = await app.db.transaction(async (tx) => {
        // A new address moves the person: their historic records follow, and a contact that
        // already has the new address is merged with this one (one person, one contact).
        if (newEmail) await moveAddress(tx, before.email, newEmail);
        const email = newEmail ?? before.email;
        const [updated] = Object.keys(rest).length
          ? await tx.update(contacts).set(rest).where(eq(contacts.email, email)).returning()
          : await tx.select().from(contacts).where(eq(contacts.email, email));
        await recordAudit(tx, request, { action: 'contact.update', targetType: 'contact', targetId: updated!.id, details: changed });
        return updated!;
      });
      return toView(row);
    },
  );

  app.delete('/api/admin/contacts/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    const c = await contactById(app.db, request.params.id);
    if (!c) throw notFound('Contact not found');
    await app.db.transaction(async (tx) => {
      await eraseContact(tx, c);
      await recordAudit(tx, request, { action: 'contact.delete', targetType: 'contact', targetId: c.id });
    });
    return { message: 'Contact deleted; the address will not be mailed again' };
  });

  // "Request consent": the server's count for the confirmation, by the same rule as the send.
  app.get(
    '/api/admin/contacts/consent-request',
    { schema: { querystring: consentRequestQuerySchema, response: { 200: consentRequestCountSchema } } },
    async (request) => {
      return countConsentRequest(app.db, request.query.includeAskedBefore);
    },
  );

  // Queues the consent request through the bulk-mail outbox; its progress shows in the sending view.
  app.post(
    '/api/admin/contacts/consent-request',
    { schema: { body: consentRequestSchema, response: { 200: bulkSendAnswerSchema } } },
    async (request) => {
      const { includeAskedBefore } = request.body;
      const queued = await queueConsentRequest(app, includeAskedBefore, request.currentUser?.id ?? null, (tx, { sendId, recipients }) =>
        recordAudit(tx, request, {
          action: 'contact.consent_request',
          targetType: 'bulk_send',
          targetId: sendId,
          details: { recipients, includeAskedBefore },
        }),
      );
      if (!queued) throw new HttpError(400, 'There is nobody to ask: every contact has answered or was asked already');
      const n = queued.recipients;
      return { message: `Consent request queued for ${n} contact${n === 1 ? '' : 's'}`, sent: n, bulkSendId: queued.sendId };
    },
  );

  app.get('/api/admin/contacts/export.csv', { schema: { querystring: contactFilterSchema } }, async (request, reply) => {
    const { contacts: list } = await findContacts(app.db, request.query);
    const csv = rowsToCsv(
      ['Email', 'First name', 'Last name', 'Sources', 'Years', 'Consent', 'Consent date', 'Consent source', 'Bounced'],
      list.map((c) => [
        c.email,
        c.firstName,
        c.lastName,
        c.sources.join(' '),
        c.years.join(' '),
        c.consent,
        c.consentAt,
        c.consentSource,
        c.bouncedAt,
      ]),
    );
    await recordActionAudit(app.db, request, { action: 'contact.export', targetType: 'contact', details: { rows: list.length } });
    return reply.header('Content-Disposition', 'attachment; filename="contacts.csv"').type('text/csv; charset=utf-8').send(csv);
  });
};

export default contactRoutes;
