/**
 * The mailing list's shape (spec section 3 "Mailing contact"), read from the contact list. Who may
 * be mailed is decided by one rule on the server (src/server/services/contact-audience.ts).
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

export type MailingStats = { total: number; optedIn: number; optedOut: number; notAsked: number };

export function mailingStats(contacts: MailingContact[]): MailingStats {
  return {
    total: contacts.length,
    optedIn: contacts.filter((c) => c.emailOptIn === true).length,
    optedOut: contacts.filter((c) => c.emailOptIn === false).length,
    notAsked: contacts.filter((c) => c.emailOptIn === null).length,
  };
}
