import { HttpError } from '../../errors';
import { IMPORT_ROWS_MAX } from '../../../common/schemas/historic';

// What an upload may be, told from its bytes. Apart from the spreadsheet reader (import-file.ts), so
// that the site does not load the reader until a file is read, in the parsing worker.
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = IMPORT_ROWS_MAX;

export type ImportKind = 'xlsx' | 'xls' | 'csv';
/**
 * One data row as typed in the file, with its line number (the header is line 1). `consent` is the
 * optional consent column's cell, '' when the file has no such column.
 */
export type ImportRow = { line: number; year: string; firstName: string; lastName: string; email: string; consent: string };

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
