import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { gocardlessEvents, gocardlessRejectedEvents } from '../../db/schema';
import { recordSystemAudit, type Tx } from '../../services/audit';
import { isStorableText } from '../../../common/schemas/primitives';

/** Every string in a parsed JSON value, keys included, passes the site's rule for storable text. */
function onlyStorableText(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(onlyStorableText);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => isStorableText(k) && onlyStorableText(v));
  return true;
}

/** The parts of an event this site reads; the whole event is stored as received. */
const eventSchema = z
  .looseObject({
    id: z.string().min(1).max(100),
    created_at: z.iso.datetime({ offset: true }).refine((s) => {
      // PostgreSQL refuses years before 1 AD, which JavaScript reads without complaint.
      const year = new Date(s).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    }, 'is not a date GoCardless could have sent'),
    resource_type: z.string().max(100),
    action: z.string().max(100),
    links: z.looseObject({ payment: z.string().max(100).optional() }).optional(),
  })
  // A NUL character or a lone surrogate fits no jsonb column: storing one would refuse the whole batch.
  .refine(onlyStorableText, 'contains text that cannot be stored (a NUL character or an unpaired surrogate)');
export type WebhookEvent = z.infer<typeof eventSchema>;

const batchSchema = z.array(z.unknown()).max(1000);

export type OpenedWebhook = { kind: 'unsigned' } | { kind: 'unreadable'; message: string } | { kind: 'events'; events: unknown[] };

/**
 * Checks the body with GoCardless's own helper (HMAC-SHA256 of the raw bytes under the endpoint's
 * secret, compared in constant time) and returns its events, each still to be read on its own so
 * that one malformed event cannot cost the others.
 */
export async function openWebhook(raw: unknown, signature: unknown, secret: string | undefined): Promise<OpenedWebhook> {
  if (!secret || !Buffer.isBuffer(raw) || typeof signature !== 'string') return { kind: 'unsigned' };
  const { InvalidSignatureError, parse } = await import('gocardless-nodejs');
  let events: unknown;
  try {
    events = parse(raw, secret, signature);
  } catch (err) {
    if (err instanceof InvalidSignatureError) return { kind: 'unsigned' };
    // Signed but not JSON (or JSON without an `events` field to read).
    return { kind: 'unreadable', message: 'The body is not JSON' };
  }
  const batch = batchSchema.safeParse(events);
  if (!batch.success) return { kind: 'unreadable', message: 'Not a GoCardless webhook body' };
  return { kind: 'events', events: batch.data };
}

/**
 * Stores a signed batch in one transaction: every readable event once by its id, every unreadable
 * one once by its fingerprint with an audit row for the organisers. Returns the ids of events stored
 * for the first time (a redelivered batch returns none). Throws if the database refuses any of it,
 * and then nothing is stored, so GoCardless is told to send the batch again.
 */
export async function storeWebhookEvents(db: Db, events: unknown[]): Promise<{ fresh: string[]; rejected: number }> {
  return db.transaction(async (tx) => {
    const fresh: string[] = [];
    let rejected = 0;
    for (const raw of events) {
      const read = eventSchema.safeParse(raw);
      if (!read.success) {
        if (await storeRejected(tx, raw, read.error)) rejected++;
        continue;
      }
      const event = read.data;
      const stored = await tx
        .insert(gocardlessEvents)
        .values({
          id: event.id,
          resourceType: event.resource_type,
          action: event.action,
          paymentId: event.links?.payment ?? null,
          createdAt: new Date(event.created_at),
          payload: event,
        })
        .onConflictDoNothing()
        .returning({ id: gocardlessEvents.id });
      if (stored.length) fresh.push(event.id);
    }
    return { fresh, rejected };
  });
}

/** Keeps an unreadable event and tells the organisers, once however often it is delivered. */
async function storeRejected(tx: Tx, raw: unknown, error: z.ZodError): Promise<boolean> {
  const payload = JSON.stringify(raw);
  const fingerprint = createHash('sha256').update(payload).digest('hex');
  const id = (raw as { id?: unknown } | null)?.id;
  const eventId = typeof id === 'string' && id.length <= 100 && isStorableText(id) ? id : null;
  const problem = z.prettifyError(error).slice(0, 1000);
  const stored = await tx
    .insert(gocardlessRejectedEvents)
    .values({ fingerprint, eventId, problem, payload })
    .onConflictDoNothing()
    .returning({ fingerprint: gocardlessRejectedEvents.fingerprint });
  if (!stored.length) return false;
  await recordSystemAudit(tx, {
    action: 'deposit.webhook_event_rejected',
    targetType: 'gocardless_event',
    targetId: eventId ?? fingerprint,
    details: { source: 'gocardless', fingerprint, problem },
  });
  return true;
}
