import type { MailingContact } from './schemas/bulk-email';

/** The mailing list's rows are declared with the route's answer (schemas/bulk-email.ts). */
export type { MailingContact };

export type MailingStats = { total: number; optedIn: number; optedOut: number; notAsked: number };

export function mailingStats(contacts: MailingContact[]): MailingStats {
  return {
    total: contacts.length,
    optedIn: contacts.filter((c) => c.emailOptIn === true).length,
    optedOut: contacts.filter((c) => c.emailOptIn === false).length,
    notAsked: contacts.filter((c) => c.emailOptIn === null).length,
  };
}
