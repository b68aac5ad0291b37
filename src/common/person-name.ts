/**
 * A name as compared wherever people are matched across records (the historic e-mail import, the
 * results import, veteran badges): accents dropped (é is e), case and every space ignored, so
 * "  josé le FEUVRE" finds "José Le Feuvre" and "Le Feuvre" finds "LeFeuvre".
 */
export const nameKey = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');

/** A person's first and last name as one key (nameKey), or null unless both are given. */
export function personNameKey(first: string | null | undefined, last: string | null | undefined): string | null {
  return first?.trim() && last?.trim() ? nameKey(first + last) : null;
}

/** "Ann Le Cornu" from its parts, or null when either part is empty. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  return first?.trim() && last?.trim() ? `${first.trim()} ${last.trim()}` : null;
}

/** "Olivia Le Sueur"; null when the person is not named yet. */
export function personName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || null;
}
