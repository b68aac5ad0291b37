import { asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { contacts, historicParticipants } from '../../db/schema';
import type { MailingContact } from '../../../common/mailing';

/** 192 random bits, URL-safe: unguessable, so the link alone proves who is leaving the list. */
export const newUnsubscribeToken = () => randomBytes(24).toString('base64url');

/**
 * The mailing list of spec section 2, read from the one contact list. The role column says what
 * the address did on a rally (historic records, or this year's teams once a co-driver accepted):
 * driver, co-driver, both, or neither (a subscriber or a contact added by hand).
 */
export async function listContacts(db: Db): Promise<MailingContact[]> {
  // The address is named with its table: drizzle writes a bare "email" here, which inside the
  // subquery would mean the historic row's own column (and so make everyone a driver).
  const drove = sql<boolean>`(exists (select 1 from historic_participants h where lower(trim(h.email)) = contacts.email)
    or exists (select 1 from signups s where lower(trim(s.driver_email)) = contacts.email))`;
  const coDrove = sql<boolean>`(exists (select 1 from historic_participants h where lower(trim(h.co_driver_email)) = contacts.email)
    or exists (select 1 from signups s where lower(trim(s.co_driver_email)) = contacts.email and s.co_driver_accepted_at is not null))`;
  const rows = await db
    .select({ c: contacts, drove, coDrove })
    .from(contacts)
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.email));
  return rows.map(({ c, drove: d, coDrove: cd }) => ({
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    emailOptIn: c.consent === 'opted_in' ? true : c.consent === 'opted_out' ? false : null,
    unsubscribeToken: c.unsubscribeToken,
    isDriver: Boolean(d),
    roles: [...(d ? (['driver'] as const) : []), ...(cd ? (['co-driver'] as const) : [])],
    yearCount: c.years.length,
    years: c.years,
  }));
}

/**
 * Gives a token to every historic role with an address and none yet; returns how many were made.
 * (Contacts always have their own token; these keep links in older e-mails working.)
 */
export async function generateMissingTokens(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(historicParticipants);
    let made = 0;
    for (const r of rows) {
      const set: Partial<typeof historicParticipants.$inferInsert> = {};
      if (r.email?.trim() && !r.unsubscribeToken) set.unsubscribeToken = newUnsubscribeToken();
      if (r.coDriverEmail?.trim() && !r.coDriverUnsubscribeToken) set.coDriverUnsubscribeToken = newUnsubscribeToken();
      if (Object.keys(set).length === 0) continue;
      made += Object.keys(set).length;
      await tx.update(historicParticipants).set(set).where(eq(historicParticipants.id, r.id));
    }
    return made;
  });
}
