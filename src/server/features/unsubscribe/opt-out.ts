import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkSendRecipients, contacts, emailOptOuts, historicParticipants } from '../../db/schema';

export type TokenOwner = { email: string; firstName: string; lastName: string };

/** How long after unsubscribing the page still offers "re-subscribe" (an undo of a slip). */
export const RESUBSCRIBE_WINDOW_MS = 30 * 60 * 1000;
const UNSUBSCRIBE_SOURCE = 'unsubscribe link';

/** Whose token this is: a contact, a historic driver or co-driver (older links), or a bulk-send recipient. */
export async function findTokenOwner(db: Db, token: string): Promise<TokenOwner | null> {
  const [c] = await db.select().from(contacts).where(eq(contacts.unsubscribeToken, token)).limit(1);
  if (c) return { email: c.email, firstName: c.firstName, lastName: c.lastName };
  const [h] = await db
    .select()
    .from(historicParticipants)
    .where(or(eq(historicParticipants.unsubscribeToken, token), eq(historicParticipants.coDriverUnsubscribeToken, token)))
    .limit(1);
  if (h) {
    const driver = h.unsubscribeToken === token;
    const email = driver ? h.email : h.coDriverEmail;
    if (!email?.trim()) return null;
    return {
      email: email.trim(),
      firstName: (driver ? h.driverFirstName : h.coDriverFirstName) ?? '',
      lastName: (driver ? h.driverLastName : h.coDriverLastName) ?? '',
    };
  }
  const [r] = await db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.unsubscribeToken, token)).limit(1);
  if (!r) return null;
  const name = (r.name ?? '').trim();
  const cut = name.indexOf(' '); // Jersey surnames often have a space (Le Feuvre); first names rarely do.
  return { email: r.email, firstName: cut > 0 ? name.slice(0, cut) : name, lastName: cut > 0 ? name.slice(cut + 1) : '' };
}

export type OptOutState = { unsubscribed: boolean; canResubscribe: boolean };

/** The address's state as the unsubscribe page shows it: off the list, and whether undo is still offered. */
export async function optOutState(db: Db, email: string): Promise<OptOutState> {
  const e = email.trim().toLowerCase();
  const [c] = await db.select().from(contacts).where(eq(contacts.email, e));
  if (!c) {
    const [gone] = await db.select().from(emailOptOuts).where(eq(emailOptOuts.email, e));
    return { unsubscribed: Boolean(gone), canResubscribe: false };
  }
  const recent =
    c.consentSource === UNSUBSCRIBE_SOURCE && c.consentAt !== null && Date.now() - c.consentAt.getTime() < RESUBSCRIBE_WINDOW_MS;
  return { unsubscribed: c.consent === 'opted_out', canResubscribe: c.consent === 'opted_out' && recent };
}

/**
 * Takes the address off the list: its contact is opted out with the date and how. An address with
 * no contact is remembered, so no later source brings it back as mailable. Twice changes nothing.
 */
export async function optOut(db: Db, email: string): Promise<void> {
  const e = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(contacts)
      .set({ consent: 'opted_out', consentAt: new Date(), consentSource: UNSUBSCRIBE_SOURCE })
      .where(and(eq(contacts.email, e), sql`${contacts.consent} <> 'opted_out'`))
      .returning({ id: contacts.id });
    if (changed.length) return;
    const [known] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, e));
    if (!known) await tx.insert(emailOptOuts).values({ email: e }).onConflictDoNothing();
  });
}

/** The undo of a recent unsubscribe; false when the window has passed (or nothing to undo). */
export async function resubscribe(db: Db, email: string): Promise<boolean> {
  const e = email.trim().toLowerCase();
  const state = await optOutState(db, e);
  if (!state.canResubscribe) return false;
  await db
    .update(contacts)
    .set({ consent: 'opted_in', consentAt: new Date(), consentSource: 're-subscribed after unsubscribing' })
    .where(eq(contacts.email, e));
  return true;
}
