import type { Participant } from './schemas/participants';

/** A historic rally participant as the public participants calls return it (schemas/participants.ts). */
export type { Participant };

const joinName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * The home table's search: case-insensitive over team name, driver full name, co-driver full
 * name and car model. An empty query matches everyone.
 */
export function matchesParticipantSearch(p: Participant, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const fields = [
    p.teamName ?? '',
    joinName(p.driverFirstName, p.driverLastName),
    joinName(p.coDriverFirstName, p.coDriverLastName),
    p.carModel ?? '',
  ];
  return fields.some((f) => f.toLowerCase().includes(q));
}

/** Search plus the year filter ('all' or one year). */
export function filterParticipants(list: Participant[], query: string, year: number | 'all'): Participant[] {
  return list.filter((p) => (year === 'all' || p.year === year) && matchesParticipantSearch(p, query));
}

/** The distinct years in the list, newest first (the year filter's options). */
export function participantYears(list: Participant[]): number[] {
  return [...new Set(list.map((p) => p.year))].sort((a, b) => b - a);
}

/** Past-rally table rule: first plus last name only when both exist, otherwise '-'. */
export function fullNameOrDash(first: string | null, last: string | null): string {
  return first && last ? `${first} ${last}` : '-';
}

/** Home table rule: any empty value shows '-'. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
