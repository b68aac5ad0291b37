import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, emailOptOuts, historicParticipants, type Contact } from '../db/schema';

/**
 * The consent the merged contact keeps: the person's latest recorded decision (an opt-out made
 * at either address counts as much as one made at the other); "not asked" only if neither has one.
 */
function latestDecision(a: Contact, b: Contact): Pick<Contact, 'consent' | 'consentAt' | 'consentSource'> {
  const decided = [a, b].filter((c) => c.consent !== 'not_asked');
  if (decided.length === 0) return { consent: 'not_asked', consentAt: null, consentSource: null };
  const latest = decided.reduce((x, y) => ((y.consentAt?.getTime() ?? 0) > (x.consentAt?.getTime() ?? 0) ? y : x));
  return { consent: latest.consent, consentAt: latest.consentAt, consentSource: latest.consentSource };
}

const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];

/**
 * A person's address changes from `from` to `to`: every historic record holding the old address
 * (as driver or co-driver) takes the new one, and the old contact row is merged into the new
 * address's contact, so the person is one contact with all their rallies. The records' old
 * opt-in answers are cleared (they were given for the old address; the contact keeps the
 * person's consent). Run inside the caller's transaction.
 */
export async function moveAddress(db: Db, from: string, to: string): Promise<void> {
  const oldEmail = from.trim().toLowerCase();
  const newEmail = to.trim().toLowerCase();
  if (oldEmail === newEmail) return;
  const h = historicParticipants;
  // The feeding triggers add the new address's contact, its years and sources. One statement for
  // both roles, found through the lower(trim(address)) indexes of each role (schema.ts).
  const asDriver = sql`lower(trim(${h.email})) = ${oldEmail}`;
  const asCoDriver = sql`lower(trim(${h.coDriverEmail})) = ${oldEmail}`;
  await db
    .update(h)
    .set({
      email: sql`case when ${asDriver} then ${newEmail} else ${h.email} end`,
      emailOptIn: sql`case when ${asDriver} then null else ${h.emailOptIn} end`,
      coDriverEmail: sql`case when ${asCoDriver} then ${newEmail} else ${h.coDriverEmail} end`,
      coDriverEmailOptIn: sql`case when ${asCoDriver} then null else ${h.coDriverEmailOptIn} end`,
    })
    .where(sql`${asDriver} or ${asCoDriver}`);

  const [old] = await db.select().from(contacts).where(eq(contacts.email, oldEmail)).for('update');
  if (!old) return;
  const [current] = await db.select().from(contacts).where(eq(contacts.email, newEmail)).for('update');
  if (!current) {
    // An address that was erased or unsubscribed stays out, as when a source brings it back.
    const [gone] = await db.select().from(emailOptOuts).where(eq(emailOptOuts.email, newEmail));
    const out = gone ? { consent: 'opted_out' as const, consentAt: new Date(), consentSource: 'earlier opt-out' } : {};
    await db
      .update(contacts)
      .set({ email: newEmail, bouncedAt: null, bounceReason: null, ...out })
      .where(eq(contacts.id, old.id));
    return;
  }
  const requested = [old.consentRequestedAt, current.consentRequestedAt].filter((d): d is Date => d !== null);
  await db.delete(contacts).where(eq(contacts.id, old.id));
  await db
    .update(contacts)
    .set({
      firstName: current.firstName || old.firstName,
      lastName: current.lastName || old.lastName,
      sources: union(current.sources, old.sources),
      years: union(current.years, old.years).sort((a, b) => a - b),
      ...latestDecision(old, current),
      consentRequestedAt: requested.length ? new Date(Math.max(...requested.map((d) => d.getTime()))) : null,
    })
    .where(eq(contacts.id, current.id));
}
