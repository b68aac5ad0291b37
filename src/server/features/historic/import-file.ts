import * as XLSX from '@e965/xlsx';
import { HttpError } from '../../plugins/errors';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export type ImportKind = 'xlsx' | 'xls' | 'csv';
/** One data row as typed in the file, with its line number (the header is line 1). */
export type ImportRow = { line: number; year: string; firstName: string; lastName: string; email: string };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UNSUPPORTED = 'Please upload an Excel (.xlsx, .xls) or CSV file';

/**
 * The file's type from its bytes, never from its name: an .xlsx is a zip, an .xls an OLE compound
 * file, a .csv readable UTF-8 text. The name's extension must agree, so a renamed file is refused.
 */
export function detectKind(buf: Buffer, filename: string): ImportKind {
  const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (!ext || !['xlsx', 'xls', 'csv'].includes(ext)) throw new HttpError(400, UNSUPPORTED);
  if (buf.length === 0) throw new HttpError(400, 'The file is empty');
  let kind: ImportKind | null = null;
  if (buf.subarray(0, 4).equals(ZIP)) kind = 'xlsx';
  else if (buf.subarray(0, 8).equals(CFB)) kind = 'xls';
  else if (isText(buf)) kind = 'csv';
  if (!kind || kind !== ext) throw new HttpError(400, `The file's contents are not a valid .${ext} file`);
  return kind;
}

/** Text has no control bytes other than tab, line feed and carriage return. */
const isText = (buf: Buffer) => !buf.some((b) => b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x0b || b === 0x0c || b === 0x7f);

/** UTF-8 when it is valid (with or without a byte-order mark), else Windows-1252 as Excel writes it. */
function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return new TextDecoder('windows-1252').decode(buf);
  }
}

const normaliseHeader = (h: unknown) =>
  String(h ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const COLUMNS = { year: 'year', firstname: 'firstName', lastname: 'lastName', email: 'email' } as const;

/**
 * Reads the first sheet. `raw: true` keeps CSV values as the text typed (no number or date
 * guessing); every cell is taken as its displayed text, so a year stays "2015" and an address
 * that looks like a number or a date is not changed.
 */
export function readRows(buf: Buffer, kind: ImportKind): ImportRow[] {
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
  const header = (grid[0] ?? []).map(normaliseHeader);
  const index: Partial<Record<keyof ImportRow, number>> = {};
  for (const [name, key] of Object.entries(COLUMNS)) {
    const i = header.indexOf(name);
    if (i >= 0) index[key] = i;
  }
  const missing = Object.values(COLUMNS).filter((k) => index[k] === undefined);
  if (missing.length)
    throw new HttpError(400, `The file must have the columns year, firstName, lastName and email (missing: ${missing.join(', ')})`);
  if (grid.length - 1 > IMPORT_MAX_ROWS) throw new HttpError(400, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows`);

  const cell = (row: unknown[], key: keyof typeof index) => String(row[index[key]!] ?? '').trim();
  const rows: ImportRow[] = [];
  grid.slice(1).forEach((row, i) => {
    const r = {
      line: i + 2,
      year: cell(row, 'year'),
      firstName: cell(row, 'firstName'),
      lastName: cell(row, 'lastName'),
      email: cell(row, 'email'),
    };
    if (r.year || r.firstName || r.lastName || r.email) rows.push(r);
  });
  if (rows.length === 0) throw new HttpError(400, 'The file has no rows to import');
  return rows;
}
