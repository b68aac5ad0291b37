import * as XLSX from '@e965/xlsx';
import { HttpError } from '../../errors';
import { rawText } from '../../../common/schemas/primitives';
import { IMPORT_MAX_ROWS, type ImportKind, type ImportRow } from './import-kind';

/** UTF-8 when it is valid (with or without a byte-order mark), else Windows-1252 as Excel writes it. */
function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

/** A header cell as compared: lower case, without spaces, underscores, hyphens or dots ("E-mail" is "email"). */
export const normaliseHeader = (h: unknown) =>
  String(h ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');

/** The one table of header spellings an import accepts, after normaliseHeader. */
export const HEADER_ALIASES: Record<'year' | 'firstName' | 'lastName' | 'email', string[]> = {
  year: ['year', 'rallyyear', 'yr'],
  firstName: ['firstname', 'forename', 'givenname', 'first', 'christianname'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  email: ['email', 'emailaddress', 'mail', 'emails', 'emailaddr'],
};

/** The optional consent column's spellings (its words: IMPORT_CONSENT_WORDS in common/import-consent.ts). */
export const CONSENT_HEADERS = ['consent', 'subscribed', 'optin', 'emailoptin', 'newsletter', 'marketingconsent'];

/**
 * The first sheet's cells as text, row by row: the one spreadsheet reading of every import (the
 * historic e-mails here, the results through read-sheet.ts), run in the worker thread.
 */
export function readGrid(buf: Buffer, kind: ImportKind): unknown[][] {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(kind === 'csv' ? decodeText(buf) : buf, {
      type: kind === 'csv' ? 'string' : 'buffer',
      raw: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      sheetRows: IMPORT_MAX_ROWS + 2,
    });
  } catch {
    throw new HttpError(400, 'The file could not be read as a spreadsheet');
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new HttpError(400, 'The file has no sheet');
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
  refuseUnstorableCells(grid);
  return grid;
}

/** Any text, however long: only the characters are judged here. */
const storableCell = rawText(Number.MAX_SAFE_INTEGER);

/**
 * A cell's text reaches the database (a plan's rows, an audit row, a record), so a cell the
 * database cannot store (a NUL, which a spreadsheet can hold, or a lone surrogate) refuses the file
 * with the text primitives' own message and the cell's place.
 */
function refuseUnstorableCells(grid: unknown[][]): void {
  for (const [r, row] of grid.entries())
    for (const [c, cell] of row.entries()) {
      if (typeof cell !== 'string') continue;
      const checked = storableCell.safeParse(cell);
      if (!checked.success)
        throw new HttpError(400, `Row ${r + 1}, column ${c + 1}: ${checked.error.issues[0]?.message ?? 'Text is not allowed'}`);
    }
}

/**
 * Reads the first sheet. `raw: true` keeps CSV values as the text typed (no number or date
 * guessing); every cell is taken as its displayed text, so a year stays "2015" and an address
 * that looks like a number or a date is not changed.
 */
export function readRows(buf: Buffer, kind: ImportKind): ImportRow[] {
  const grid = readGrid(buf, kind);
  const header = (grid[0] ?? []).map(normaliseHeader);
  const index: Partial<Record<keyof typeof HEADER_ALIASES, number>> = {};
  for (const [key, names] of Object.entries(HEADER_ALIASES) as [keyof typeof HEADER_ALIASES, string[]][]) {
    const i = header.findIndex((h) => names.includes(h));
    if (i >= 0) index[key] = i;
  }
  const missing = (Object.keys(HEADER_ALIASES) as (keyof typeof HEADER_ALIASES)[]).filter((k) => index[k] === undefined);
  if (missing.length)
    throw new HttpError(
      400,
      `The file must have the columns year, firstName, lastName and email (missing: ${missing.join(', ')}); ` +
        'spellings such as "First Name", "Surname" and "Email Address" are accepted',
    );
  const consentAt = header.findIndex((h) => CONSENT_HEADERS.includes(h));
  if (grid.length - 1 > IMPORT_MAX_ROWS) throw new HttpError(400, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows`);

  const cell = (row: unknown[], key: keyof typeof index) => String(row[index[key]!] ?? '').trim();
  const rows: ImportRow[] = [];
  grid.slice(1).forEach((row, i) => {
    const r = {
      line: i + 2,
      year: cell(row, 'year'),
      firstName: cell(row, 'firstName'),
      lastName: cell(row, 'lastName'),
      // Addresses are kept in lower case, as the contact list compares them.
      email: cell(row, 'email').toLowerCase(),
      consent: consentAt >= 0 ? String(row[consentAt] ?? '').trim() : '',
    };
    if (r.year || r.firstName || r.lastName || r.email) rows.push(r);
  });
  if (rows.length === 0) throw new HttpError(400, 'The file has no rows to import');
  return rows;
}
