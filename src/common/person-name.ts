/**
 * A person's name as compared when matching people across records (results import, veteran
 * badges): accents dropped (é is e), case and spaces ignored, so "  josé le FEUVRE" is "José Le Feuvre"
 * and "Le Feuvre" is "LeFeuvre".
 */
export function personNameKey(first: string | null | undefined, last: string | null | undefined): string | null {
  const key = `${first ?? ''}${last ?? ''}`.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');
  return first?.trim() && last?.trim() ? key : null;
}

/** "Ann Le Cornu" from its parts, or null when either part is empty. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  return first?.trim() && last?.trim() ? `${first.trim()} ${last.trim()}` : null;
}
