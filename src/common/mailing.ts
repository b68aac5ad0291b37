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

/** The role column: "Driver", "Co-driver", both, or a dash for a contact who never rallied. */
export const roleLabel = (c: Pick<MailingContact, 'roles'>) =>
  c.roles.length === 0 ? '—' : c.roles.map((r, i) => (r === 'driver' ? 'Driver' : i === 0 ? 'Co-driver' : 'co-driver')).join(' and ');
