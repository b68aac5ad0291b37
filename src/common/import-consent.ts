import type { Consent } from './schemas/contacts';

/**
 * The consent column of a mailing-list import: the words a spreadsheet may hold, compared in lower
 * case with spaces, underscores and hyphens alike. Only a plain yes opts someone in; an empty cell
 * (or no such column) is "not asked"; any other word refuses the row, so a typo never subscribes
 * anyone.
 */
export const IMPORT_CONSENT_WORDS: Record<Consent, string[]> = {
  opted_in: ['yes', 'y', 'true', '1', 'opted in', 'opt in', 'subscribed', 'consented'],
  opted_out: ['no', 'n', 'false', '0', 'opted out', 'opt out', 'unsubscribed', 'declined'],
  not_asked: ['', 'not asked', 'unknown'],
};

const normalise = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The consent a cell records, or null when the cell holds none of the accepted words. */
export function consentFromCell(cell: string): Consent | null {
  const word = normalise(cell);
  for (const [consent, words] of Object.entries(IMPORT_CONSENT_WORDS) as [Consent, string[]][]) if (words.includes(word)) return consent;
  return null;
}

/** The message of a row whose consent cell is not understood. */
export const badConsentMessage = (cell: string) =>
  `consent "${cell.trim().slice(0, 40)}" is not understood: use yes, no or leave it empty (not asked)`;
