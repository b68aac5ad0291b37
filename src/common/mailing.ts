/**
 * The mailing list: every address in the historic database, once, with its opt-in state, and
 * the recipient rule of spec section 5. Pure functions shared by server and page.
 */

export type MailingContact = {
  firstName: string;
  lastName: string;
  email: string;
  /** true opted in, false opted out, null not asked. */
  emailOptIn: boolean | null;
  unsubscribeToken: string | null;
  isDriver: boolean;
  yearCount: number;
  years: number[];
};

/** One role of one historic record that carries an address. */
export type ContactSource = {
  year: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  emailOptIn: boolean | null;
  unsubscribeToken: string | null;
  isDriver: boolean;
};

/**
 * Groups roles by address (any case). An opt-out anywhere wins over an opt-in, and an opt-in over
 * "not asked", so a person who left the list is never mailed again through an older record.
 */
export function deriveContacts(sources: ContactSource[]): MailingContact[] {
  const byEmail = new Map<string, MailingContact>();
  for (const s of sources) {
    const email = s.email?.trim();
    if (!email) continue;
    const key = email.toLowerCase();
    let c = byEmail.get(key);
    if (!c) {
      c = { firstName: s.firstName ?? '', lastName: s.lastName ?? '', email, emailOptIn: null, unsubscribeToken: null, isDriver: false, yearCount: 0, years: [] };
      byEmail.set(key, c);
    }
    if (s.emailOptIn === false || c.emailOptIn === false) c.emailOptIn = false;
    else if (s.emailOptIn === true) c.emailOptIn = true;
    c.unsubscribeToken ??= s.unsubscribeToken;
    c.isDriver ||= s.isDriver;
    if (!c.years.includes(s.year)) c.years.push(s.year);
  }
  const contacts = [...byEmail.values()];
  for (const c of contacts) {
    c.years.sort((a, b) => a - b);
    c.yearCount = c.years.length;
  }
  return contacts.sort((a, b) => a.lastName.localeCompare(b.lastName, 'en-GB') || a.firstName.localeCompare(b.firstName, 'en-GB'));
}

/** Spec section 5: only-opted-in takes those with true; otherwise all but those with false. */
export function isRecipient(c: Pick<MailingContact, 'emailOptIn'>, onlyOptedIn: boolean): boolean {
  return onlyOptedIn ? c.emailOptIn === true : c.emailOptIn !== false;
}

export const countRecipients = (contacts: Pick<MailingContact, 'emailOptIn'>[], onlyOptedIn: boolean) =>
  contacts.filter((c) => isRecipient(c, onlyOptedIn)).length;

export type MailingStats = { total: number; optedIn: number; optedOut: number; notAsked: number };

export function mailingStats(contacts: MailingContact[]): MailingStats {
  return {
    total: contacts.length,
    optedIn: contacts.filter((c) => c.emailOptIn === true).length,
    optedOut: contacts.filter((c) => c.emailOptIn === false).length,
    notAsked: contacts.filter((c) => c.emailOptIn === null).length,
  };
}
