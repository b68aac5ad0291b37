import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkSendRecipients, emailOptOuts, historicParticipants } from '../../db/schema';

export type TokenOwner = { email: string; firstName: string; lastName: string };

/** Whose token this is: a historic driver or co-driver, or a recipient of a bulk send. */
export async function findTokenOwner(db: Db, token: string): Promise<TokenOwner | null> {
  const [h] = await db
    .select()
    .from(historicParticipants)
    .where(or(eq(historicParticipants.unsubscribeToken, token), eq(historicParticipants.coDriverUnsubscribeToken, token)))
    .limit(1);
  if (h) {
    const driver = h.unsubscribeToken === token;
    const email = driver ? h.email : h.coDriverEmail;
    if (!email?.trim()) return null;
    return { email: email.trim(), firstName: (driver ? h.driverFirstName : h.coDriverFirstName) ?? '', lastName: (driver ? h.driverLastName : h.coDriverLastName) ?? '' };
  }
  const [r] = await db.select().from(bulkSendRecipients).where(eq(bulkSendRecipients.unsubscribeToken, token)).limit(1);
  if (!r) return null;
  const name = (r.name ?? '').trim();
  const cut = name.indexOf(' '); // Jersey surnames often have a space (Le Feuvre); first names rarely do.
  return { email: r.email, firstName: cut > 0 ? name.slice(0, cut) : name, lastName: cut > 0 ? name.slice(cut + 1) : '' };
}

export async function isAddressOptedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select().from(emailOptOuts).where(eq(emailOptOuts.email, email.toLowerCase()));
  return Boolean(row);
}

/**
 * Takes the address off the list everywhere it appears (every historic record, either role) and
 * remembers it, so no later import or audience brings it back. Doing it twice changes nothing.
 */
export async function optOut(db: Db, email: string): Promise<void> {
  const e = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx.update(historicParticipants).set({ emailOptIn: false }).where(sql`lower(trim(${historicParticipants.email})) = ${e}`);
    await tx.update(historicParticipants).set({ coDriverEmailOptIn: false }).where(sql`lower(trim(${historicParticipants.coDriverEmail})) = ${e}`);
    await tx.insert(emailOptOuts).values({ email: e }).onConflictDoNothing();
  });
}
