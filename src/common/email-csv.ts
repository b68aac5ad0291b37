import { stringify } from 'csv-stringify/browser/esm/sync';

/** A cell a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a leading apostrophe. */
export const formulaSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The export file: one address per line, each opening as text. */
export function emailsToCsv(emails: string[]): string {
  return stringify(
    emails.map((e) => [formulaSafe(e)]),
    { record_delimiter: '\n' },
  );
}

/** A table with a header row, every cell formula-safe. */
export function rowsToCsv(header: string[], rows: (string | number | null)[][]): string {
  return stringify([header, ...rows.map((r) => r.map((v) => formulaSafe(v == null ? '' : String(v))))], { record_delimiter: '\n' });
}
