import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../services/audit';
import { contacts } from '../../db/schema';
import { audienceMembers, countAudience, type Audience } from '../../services/contact-audience';
import { signLink } from '../../services/signed-link';
import { siteLink, siteOrigin } from '../../services/site-links';
import { emailLayout } from '../../services/email-layout';
import { createBulkSend, messageIdDomain } from '../../services/bulk-outbox';

/**
 * Who a consent request goes to, by the one audience rule: contacts not asked (so never opted out,
 * never bounced, by mayReceive), and not already sent a request unless the organiser asks again.
 */
export const consentRequestAudience = (includeAskedBefore: boolean): Audience => ({
  consent: 'not_asked',
  kind: 'marketing',
  onlyOptedIn: false,
  neverAskedForConsent: !includeAskedBefore,
});

export async function countConsentRequest(db: Db, includeAskedBefore: boolean) {
  const [count, [asked]] = await Promise.all([
    countAudience(db, consentRequestAudience(includeAskedBefore)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(and(eq(contacts.consent, 'not_asked'), isNotNull(contacts.consentRequestedAt))),
  ]);
  return { count, askedBefore: Number(asked?.n ?? 0) };
}

/**
 * The message, with {{firstName}} and each recipient's own signed link in {{consentUrl}}; the
 * outbox adds the unsubscribe link and the one-click unsubscribe headers like any marketing mail.
 * The rally's name comes from the settings.
 */
export function consentRequestMessage(productName: string) {
  return {
    subject: `Would you like to hear about the ${productName}?`,
    ...emailLayout({
      greeting: 'Hello {{firstName}},',
      body: [
        `You are on the ${productName}'s list because you drove, co-drove or asked about the rally. We would like to keep you informed about the next rally, its route and how to enter, a few times a year.`,
        { button: 'Yes, keep me informed', href: '{{consentUrl}}' },
        'If you would rather not hear from us, do nothing, or use the unsubscribe link below and we will not write again.',
      ],
    }),
  };
}

/**
 * Queues a consent request in the bulk-mail outbox (so its progress shows in the sending view) and
 * marks each recipient as asked, in one transaction. Returns the send's id and its size.
 */
export async function queueConsentRequest(
  app: FastifyInstance,
  includeAskedBefore: boolean,
  userId: string | null,
  /** Records the request in the transaction that queues it (its audit row). */
  record: (tx: Tx, queued: { sendId: number; recipients: number }) => Promise<void>,
): Promise<{ sendId: number; recipients: number } | null> {
  const audience = consentRequestAudience(includeAskedBefore);
  const message = consentRequestMessage((await app.rallySettings()).productName);
  const queued = await app.db.transaction(async (tx) => {
    const db = tx;
    const members = await audienceMembers(db, audience);
    if (members.length === 0) return null;
    const recipients = members.map((m) => ({
      ...m,
      mergeFields: { ...m.mergeFields, consentUrl: siteLink(app.config, `/consent/${signLink(app.signingKey, 'consent', m.email)}`) },
    }));
    const sendId = await createBulkSend(
      db,
      {
        ...message,
        recipientType: 'mailing_list',
        kind: 'marketing',
        audience: { consent: 'not_asked' },
        onlyOptedIn: false,
        createdByUserId: userId,
        siteUrl: siteOrigin(app.config),
      },
      recipients,
      messageIdDomain(app.config.MAIL_FROM),
    );
    const emails = members.map((m) => m.email);
    for (let i = 0; i < emails.length; i += 1000)
      await db
        .update(contacts)
        .set({ consentRequestedAt: new Date() })
        .where(inArray(contacts.email, emails.slice(i, i + 1000)));
    const done = { sendId, recipients: members.length };
    await record(tx, done);
    return done;
  });
  if (queued) await app.bulkMail.wake(queued.sendId);
  return queued;
}
