import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, emailUpdates } from '../db/schema';

/** Splits a full name at its first space (Jersey surnames often have one: Le Feuvre). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const name = full.trim();
  const cut = name.indexOf(' ');
  return cut > 0 ? { firstName: name.slice(0, cut), lastName: name.slice(cut + 1).trim() } : { firstName: name, lastName: '' };
}

/** Records that the person asked for rally news: opted in, now, with how. Their own click wins over an older opt-out. */
export async function optIn(db: Db, email: string, how: string): Promise<typeof contacts.$inferSelect | null> {
  const [row] = await db
    .update(contacts)
    .set({ consent: 'opted_in', consentAt: new Date(), consentSource: how })
    .where(eq(contacts.email, email.trim().toLowerCase()))
    .returning();
  return row ?? null;
}

/**
 * Whether the person opted out after `issuedAt`: a link sent before then must not undo that choice.
 * Locks the contact row, so an unsubscribe cannot slip in between this check and the caller's opt-in.
 */
export async function optedOutSince(db: Db, email: string, issuedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ consent: contacts.consent, consentAt: contacts.consentAt })
    .from(contacts)
    .where(eq(contacts.email, email.trim().toLowerCase()))
    .for('update');
  return row?.consent === 'opted_out' && row.consentAt !== null && row.consentAt > issuedAt;
}

/** A confirmed Get Updates subscription: the subscriber becomes (or joins) a contact, opted in. */
export async function confirmSubscription(db: Db, email: string): Promise<typeof contacts.$inferSelect | null> {
  const e = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .update(emailUpdates)
      .set({ confirmedAt: new Date() })
      .where(sql`lower(${emailUpdates.email}) = ${e}`)
      .returning();
    if (!sub) return null;
    const { firstName, lastName } = splitName(sub.name);
    await tx.execute(sql`select feed_contact(${e}, ${firstName}, ${lastName}, 'updates', null, null, null)`);
    return optIn(tx, e, 'Get Updates');
  });
}
