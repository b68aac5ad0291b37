/**
 * The historic rallier database (2008-2018): one record per car and year, from which the admin
 * page derives each person once. Pure functions, shared by the page and its tests.
 */

import type { HistoricRecord } from './schemas/historic';

/** A historic record as the admin call returns it (schemas/historic.ts). */
export type { HistoricRecord };

export type RallierRole = 'driver' | 'co-driver';
export type Participation = { year: number; role: RallierRole; teamName: string | null; rank: number | null };
export type IndividualRallier = { firstName: string; lastName: string; email?: string; participations: Participation[] };

/** A person is identified by the lowercase first and last name. */
export const personKey = (first: string, last: string) => `${first.trim().toLowerCase()}\u0000${last.trim().toLowerCase()}`;

/** Each person once, with each year + role once, sorted by last name (then first name). */
export function deriveIndividuals(records: HistoricRecord[]): IndividualRallier[] {
  const people = new Map<string, IndividualRallier>();
  const add = (first: string | null, last: string | null, email: string | null, p: Participation) => {
    if (!first?.trim() || !last?.trim()) return;
    const key = personKey(first, last);
    let person = people.get(key);
    if (!person) {
      person = { firstName: first.trim(), lastName: last.trim(), participations: [] };
      people.set(key, person);
    }
    if (!person.email && email?.trim()) person.email = email.trim();
    if (!person.participations.some((x) => x.year === p.year && x.role === p.role)) person.participations.push(p);
  };
  for (const r of records) {
    add(r.driverFirstName, r.driverLastName, r.email, { year: r.year, role: 'driver', teamName: r.teamName, rank: r.rank });
    add(r.coDriverFirstName, r.coDriverLastName, r.coDriverEmail, { year: r.year, role: 'co-driver', teamName: r.teamName, rank: r.rank });
  }
  const list = [...people.values()];
  for (const p of list) p.participations.sort((a, b) => a.year - b.year || (a.role === 'driver' ? -1 : 1));
  const collator = new Intl.Collator('en-GB', { sensitivity: 'base' });
  return list.sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName));
}

export type HistoricStats = { total: number; withEmail: number; withoutEmail: number; percentComplete: number };

export function historicStats(people: IndividualRallier[]): HistoricStats {
  const total = people.length;
  const withEmail = people.filter((p) => p.email).length;
  return { total, withEmail, withoutEmail: total - withEmail, percentComplete: total === 0 ? 0 : Math.round((withEmail / total) * 100) };
}

export type EmailStatusFilter = 'all' | 'with' | 'without';

/** The page's search (name or e-mail, any case) and status filter. */
export function filterIndividuals(people: IndividualRallier[], search: string, status: EmailStatusFilter): IndividualRallier[] {
  const q = search.trim().toLowerCase();
  return people.filter((p) => {
    if (status === 'with' && !p.email) return false;
    if (status === 'without' && p.email) return false;
    if (!q) return true;
    return `${p.firstName} ${p.lastName}`.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q);
  });
}

/** The badge text of a participation: the year plus D (driver) or CD (co-driver). */
export const participationLabel = (p: Participation) => `${p.year} ${p.role === 'driver' ? 'D' : 'CD'}`;
