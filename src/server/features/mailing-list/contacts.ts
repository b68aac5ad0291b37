import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { historicParticipants, signups } from '../../db/schema';
import { deriveContacts, isRecipient, type ContactSource, type MailingContact } from '../../../common/mailing';
import { rallyConfig } from '../../../common/rally-config';
import type { OutboxRecipient } from '../../services/bulk-mail-outbox';

/** 192 random bits, URL-safe: unguessable, so the link alone proves who is leaving the list. */
export const newUnsubscribeToken = () => randomBytes(24).toString('base64url');

type Source = ContactSource & { id: number };

/** Each role of each historic record that has an address. */
async function contactSources(db: Db): Promise<Source[]> {
  const rows = await db.select().from(historicParticipants).orderBy(historicParticipants.year, historicParticipants.id);
  const out: Source[] = [];
  for (const r of rows) {
    if (r.email?.trim()) out.push({ id: r.id, year: r.year, firstName: r.driverFirstName, lastName: r.driverLastName, email: r.email, emailOptIn: r.emailOptIn, unsubscribeToken: r.unsubscribeToken, isDriver: true });
    if (r.coDriverEmail?.trim()) out.push({ id: r.id, year: r.year, firstName: r.coDriverFirstName, lastName: r.coDriverLastName, email: r.coDriverEmail, emailOptIn: r.coDriverEmailOptIn, unsubscribeToken: r.coDriverUnsubscribeToken, isDriver: false });
  }
  return out;
}

/** Opted-out addresses recorded by an unsubscribe link (they may have no historic record). */
async function optOutSet(db: Db): Promise<Set<string>> {
  const result = await db.execute(sql`select email from email_opt_outs`);
  return new Set((result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email));
}

export async function listContacts(db: Db): Promise<MailingContact[]> {
  const [sources, outs] = await Promise.all([contactSources(db), optOutSet(db)]);
  return deriveContacts(sources).map((c) => (outs.has(c.email.toLowerCase()) ? { ...c, emailOptIn: false } : c));
}

/** Gives a token to every role with an address and none yet; returns how many were made. */
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

/** The mailing-list audience by the spec's rule, each with a token (made now where missing). */
export async function mailingListRecipients(db: Db, onlyOptedIn: boolean): Promise<OutboxRecipient[]> {
  await generateMissingTokens(db);
  const contacts = (await listContacts(db)).filter((c) => isRecipient(c, onlyOptedIn));
  return contacts.map((c) => ({ email: c.email, name: `${c.firstName} ${c.lastName}`.trim() || null, unsubscribeToken: c.unsubscribeToken ?? newUnsubscribeToken() }));
}

/**
 * This year's registered ralliers: every team's driver and co-driver address, once each, except
 * those who left the list. Their token is their historic one when they have one.
 */
export async function registeredRecipients(db: Db): Promise<OutboxRecipient[]> {
  const [teams, contacts, outs] = await Promise.all([
    db.select().from(signups).where(eq(signups.rallyYear, rallyConfig.year)).orderBy(signups.id),
    listContacts(db),
    optOutSet(db),
  ]);
  const known = new Map(contacts.map((c) => [c.email.toLowerCase(), c]));
  const out = new Map<string, OutboxRecipient>();
  const add = (email: string | null, first: string | null, last: string | null) => {
    const e = email?.trim();
    if (!e || out.has(e.toLowerCase()) || outs.has(e.toLowerCase())) return;
    const contact = known.get(e.toLowerCase());
    if (contact?.emailOptIn === false) return;
    out.set(e.toLowerCase(), { email: e, name: `${first ?? ''} ${last ?? ''}`.trim() || null, unsubscribeToken: contact?.unsubscribeToken ?? newUnsubscribeToken() });
  };
  for (const t of teams) {
    add(t.driverEmail, t.driverFirstName, t.driverLastName);
    add(t.coDriverEmail, t.coDriverFirstName, t.coDriverLastName);
  }
  return [...out.values()];
}
