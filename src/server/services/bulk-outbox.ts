import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bulkSendRecipients, bulkSends } from '../db/schema';
import type { MailKind, RecipientType } from '../../common/schemas/bulk-email';
import { theRow } from '../db/rows';

/**
 * Queueing a bulk send in the outbox, which the bulk-mail workers drain (features/bulk-mail): the
 * organisers' sends, the consent requests (features/contacts) and the followers' updates
 * (features/followers) all go this way.
 */

export type OutboxRecipient = { email: string; name: string | null; unsubscribeToken: string; mergeFields?: Record<string, string> };
/**
 * Writes the send and one outbox row per recipient (fixed Message-ID each) in one transaction, so
 * the send exists whole or not at all.
 */
export async function createBulkSend(
  db: Db,
  send: {
    subject: string;
    html: string;
    text: string;
    recipientType: RecipientType;
    kind: MailKind;
    audience: unknown;
    onlyOptedIn: boolean;
    createdByUserId: string | null;
    siteUrl: string;
    /** Send its web links through the site's click counter. */
    trackClicks?: boolean;
  },
  recipients: OutboxRecipient[],
  domain: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const row = theRow(
      await tx
        .insert(bulkSends)
        .values({ ...send, status: 'queued' })
        .returning({ id: bulkSends.id }),
      'the new bulk send',
    );
    // The rows go as one JSON parameter per few thousand: drizzle's insert builds a parameter per
    // value, and for a large list that cost more of the site's CPU than the statement.
    for (let i = 0; i < recipients.length; i += 5000) {
      const chunk = recipients.slice(i, i + 5000).map((r) => ({
        email: r.email,
        name: r.name,
        unsubscribe_token: r.unsubscribeToken,
        merge_fields: r.mergeFields ?? null,
      }));
      await tx.execute(sql`
        insert into bulk_send_recipients (bulk_send_id, email, name, unsubscribe_token, merge_fields, message_id)
        select ${row.id}, r.email, r.name, r.unsubscribe_token, r.merge_fields, ''
        from rows from (jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as (email text, name text, unsubscribe_token text, merge_fields jsonb)) with ordinality as r(email, name, unsubscribe_token, merge_fields, n)
        order by r.n`);
    }
    await tx
      .update(bulkSendRecipients)
      .set({ messageId: sql`'<bulk-' || ${bulkSendRecipients.bulkSendId} || '-' || ${bulkSendRecipients.id} || '@' || ${domain} || '>'` })
      .where(eq(bulkSendRecipients.bulkSendId, row.id));
    return row.id;
  });
}

/** The domain of the sender address, for Message-IDs. */
export function messageIdDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'jerseycharityrally.org';
}
