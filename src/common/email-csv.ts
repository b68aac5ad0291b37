import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * The export file: one address per line. A cell that a spreadsheet would run as a formula
 * (= + - @, tab, carriage return) gets a leading apostrophe so it opens as text.
 */
export function emailsToCsv(emails: string[]): string {
  const safe = emails.map((e) => (/^[=+\-@\t\r]/.test(e) ? `'${e}` : e));
  return stringify(safe.map((e) => [e]), { record_delimiter: '\n' });
}
