import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, emailOptOuts, historicParticipants, type Contact } from '../../db/schema';
import { matchesFilter } from '../../services/contact-audience';
import type { ContactFilter, ContactList, ContactView } from '../../../common/schemas/contacts';

export const toView = (c: Contact): ContactView => ({
  id: c.id,
  email: c.email,
  firstName: c.firstName,
  lastName: c.lastName,
  sources: c.sources as ContactView['sources'],
  years: c.years,
  consent: c.consent,
  consentAt: c.consentAt?.toISOString() ?? null,
  consentSource: c.consentSource,
  bouncedAt: c.bouncedAt?.toISOString() ?? null,
  consentRequestedAt: c.consentRequestedAt?.toISOString() ?? null,
});

export async function findContacts(db: Db, filter: ContactFilter): Promise<ContactList> {
  const [rows, [stats], years] = await Promise.all([
    db.select().from(contacts).where(matchesFilter(filter)).orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.email)),
    db
      .select({
        total: sql<number>`count(*)::int`,
        optedIn: sql<number>`(count(*) filter (where ${contacts.consent} = 'opted_in'))::int`,
        optedOut: sql<number>`(count(*) filter (where ${contacts.consent} = 'opted_out'))::int`,
        notAsked: sql<number>`(count(*) filter (where ${contacts.consent} = 'not_asked'))::int`,
        bounced: sql<number>`(count(*) filter (where ${contacts.bouncedAt} is not null))::int`,
      })
      .from(contacts),
    db.execute(sql`select distinct unnest(years) as year from contacts order by 1 desc`),
  ]);
  return {
    contacts: rows.map(toView),
    stats: { total: stats!.total, optedIn: stats!.optedIn, optedOut: stats!.optedOut, notAsked: stats!.notAsked, bounced: stats!.bounced },
    years: (years as unknown as { rows: { year: number }[] }).rows.map((r) => Number(r.year)),
  };
}

export const contactById = async (db: Db, id: number) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0] ?? null;
export const contactByEmail = async (db: Db, email: string) =>
  (await db.select().from(contacts).where(eq(contacts.email, email)))[0] ?? null;

/**
 * Erases a person from the list and from the historic records' address fields, and keeps only
 * the address as a tombstone so nothing (an import, a team registration) makes it mailable again.
 */
export async function eraseContact(db: Db, c: Contact): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(emailOptOuts).values({ email: c.email }).onConflictDoNothing();
    await tx
      .update(historicParticipants)
      .set({ email: null, emailOptIn: null, unsubscribeToken: null })
      .where(sql`lower(trim(${historicParticipants.email})) = ${c.email}`);
    await tx
      .update(historicParticipants)
      .set({ coDriverEmail: null, coDriverEmailOptIn: null, coDriverUnsubscribeToken: null })
      .where(sql`lower(trim(${historicParticipants.coDriverEmail})) = ${c.email}`);
    await tx.delete(contacts).where(eq(contacts.id, c.id));
  });
}
