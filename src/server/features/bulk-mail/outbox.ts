import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkSendRecipients, bulkSends } from '../../db/schema';
import type { BulkSendProgress, MailKind } from '../../../common/schemas/bulk-email';
import { rowsOf } from '../../db/rows';
import { intArray } from '../../db/array-params';
import { addressMayReceive } from '../../services/contact-audience';
import { FOLLOWERS_KIND, followerMayReceive } from '../../services/follower-audience';

export type ClaimedRow = {
  id: number;
  email: string;
  messageId: string;
  unsubscribeToken: string | null;
  attempts: number;
  mergeFields: Record<string, string> | null;
  /** When the lease ends at the latest (this clock, taken before the claim): until then no other worker takes the row. */
  leaseEndsAt: number;
  /** Whether the address may still receive this send when it was claimed (left the list, deleted, bounced meanwhile: no). */
  mayReceive: boolean;
};

/**
 * Takes the next `count` due rows of a send (in order) for this worker until their lease ends.
 * `skip locked` and the status change in one statement mean two workers (or instances) never take
 * the same row. The same statement checks each address against the mailing rule, now rather than
 * when it was queued.
 */
export async function claimRows(
  db: Db,
  send: { id: number; kind: string; onlyOptedIn: boolean },
  leaseMs: number,
  count: number,
): Promise<ClaimedRow[]> {
  const sendId = send.id;
  const leaseEndsAt = Date.now() + leaseMs;
  // A team's followers are not the mailing list: their follow of that team is their consent.
  const mayReceive =
    send.kind === FOLLOWERS_KIND
      ? followerMayReceive(sql`bulk_send_recipients.unsubscribe_token`, sendId)
      : addressMayReceive(sql`bulk_send_recipients.email`, send.kind as MailKind, send.onlyOptedIn);
  const result = await db.execute(sql`
    update bulk_send_recipients set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${Math.round(leaseMs)}::int * interval '1 millisecond'
    where id in (
      select id from bulk_send_recipients
      where bulk_send_id = ${sendId} and status = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
        -- a paused send (by the organiser) gives out no more rows
        and not exists (select 1 from bulk_sends where id = ${sendId} and status = 'paused')
      order by id limit ${count} for update skip locked)
    returning id, email, message_id, unsubscribe_token, attempts, merge_fields, ${mayReceive} as may_receive`);
  const rows = rowsOf<{
    id: number;
    email: string;
    message_id: string;
    unsubscribe_token: string | null;
    attempts: number;
    merge_fields: Record<string, string> | string | null;
    may_receive: boolean;
  }>(result);
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({
      id: r.id,
      email: r.email,
      messageId: r.message_id,
      unsubscribeToken: r.unsubscribe_token,
      attempts: r.attempts,
      mergeFields: typeof r.merge_fields === 'string' ? (JSON.parse(r.merge_fields) as Record<string, string>) : r.merge_fields,
      leaseEndsAt,
      mayReceive: r.may_receive,
    }));
}

/**
 * Records that these claimed rows were sent, in one statement; a row whose lease ran out and that
 * another worker took since (its attempts moved on) is left alone.
 */
export async function finishSentRows(db: Db, rows: ClaimedRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update bulk_send_recipients r set status = 'sent', sent_at = now(), locked_until = null, last_error = null, next_attempt_at = null
    from unnest(${intArray(rows.map((row) => row.id))}, ${intArray(rows.map((row) => row.attempts))}) as done(id, attempts)
    where r.id = done.id and r.attempts = done.attempts and r.status = 'sending'`);
}

/** Records a claimed row's outcome, unless the lease ran out and another worker took it since. */
export async function finishRow(db: Db, row: ClaimedRow, set: Partial<typeof bulkSendRecipients.$inferInsert>) {
  await db
    .update(bulkSendRecipients)
    .set({ lockedUntil: null, ...set })
    .where(and(eq(bulkSendRecipients.id, row.id), eq(bulkSendRecipients.status, 'sending'), eq(bulkSendRecipients.attempts, row.attempts)));
}

/** Rows whose worker stopped (crash, restart) go back to the queue once their lease has ended. */
export async function releaseExpired(db: Db, sendId: number) {
  await db.execute(sql`update bulk_send_recipients set status = 'queued', locked_until = null
    where bulk_send_id = ${sendId} and status = 'sending' and locked_until < now()`);
}

/** How many rows are still to do, and when the next one may be taken. */
export async function pendingRows(db: Db, sendId: number): Promise<{ pending: number; nextAt: Date | null }> {
  const result = await db.execute(sql`
    select count(*)::int as pending,
      min(case when status = 'queued' then coalesce(next_attempt_at, now()) else locked_until end) as next_at
    from bulk_send_recipients where bulk_send_id = ${sendId} and status in ('queued', 'sending')`);
  const [r] = rowsOf<{ pending: number; next_at: string | Date | null }>(result);
  return { pending: Number(r?.pending ?? 0), nextAt: r?.next_at ? new Date(r.next_at) : null };
}

/** Sends that still have work and are not paused. */
export async function unfinishedSends(db: Db, staleBefore?: Date): Promise<number[]> {
  const rows = await db
    .select({ id: bulkSends.id })
    .from(bulkSends)
    .where(
      and(
        inArray(bulkSends.status, ['queued', 'sending']),
        staleBefore ? sql`${bulkSends.updatedAt} < ${staleBefore.toISOString()}::timestamptz` : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** The latest sends with their counts, for the admin pages' live progress and history; or one send. */
export async function sendProgress(db: Db, limit = 25, onlyId?: number): Promise<BulkSendProgress[]> {
  const result = await db.execute(sql`
    select s.id, s.subject, s.recipient_type, s.kind, s.status, s.created_at,
      count(r.id)::int as total,
      (count(r.id) filter (where r.status in ('queued', 'sending')))::int as queued,
      (count(r.id) filter (where r.status = 'sent'))::int as sent,
      (count(r.id) filter (where r.status = 'failed'))::int as failed,
      (count(r.id) filter (where r.status = 'skipped'))::int as skipped,
      (count(r.id) filter (where r.status = 'bounced'))::int as bounced,
      (count(r.id) filter (where r.status = 'sent' and r.sent_at > now() - interval '1 minute'))::int as per_minute,
      s.track_clicks,
      (count(r.id) filter (where r.clicked_at is not null))::int as clicked
    from bulk_sends s left join bulk_send_recipients r on r.bulk_send_id = s.id
    -- a team's followers' messages are the site's own, shown per team on the followers screen
    where s.kind <> ${FOLLOWERS_KIND} ${onlyId === undefined ? sql`` : sql`and s.id = ${onlyId}`}
    group by s.id order by s.id desc limit ${limit}`);
  return rowsOf<any>(result).map((r) => ({
    id: r.id,
    subject: r.subject,
    recipientType: r.recipient_type,
    kind: r.kind,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    total: r.total,
    queued: r.queued,
    sent: r.sent,
    failed: r.failed,
    skipped: r.skipped,
    bounced: r.bounced,
    perMinute: r.per_minute,
    clicked: r.track_clicks ? r.clicked : null,
  }));
}
