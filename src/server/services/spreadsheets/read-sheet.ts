import { HttpError } from '../../errors';
import { normaliseHeader, readGrid } from './import-file';
import { IMPORT_MAX_ROWS, type ImportKind } from './import-kind';

/** The columns a file must (and may) have; a header matches ignoring case, spaces, dots, - and _ ("Car Number" is carNumber). */
export type SheetColumns = { required: readonly string[]; optional?: readonly string[] };
/** One data row as typed, with its line number (the header is line 1); a missing optional column reads as ''. */
export type SheetRow = { line: number; cells: Record<string, string> };

const listed = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** The rows of a spreadsheet with the given columns, each cell as the text displayed (readGrid); blank rows left out. */
export function readSheet(buf: Buffer, kind: ImportKind, columns: SheetColumns): SheetRow[] {
  const grid = readGrid(buf, kind);
  const header = (grid[0] ?? []).map(normaliseHeader);
  const names = [...columns.required, ...(columns.optional ?? [])];
  const at = new Map<string, number>();
  for (const name of names) {
    const i = header.indexOf(normaliseHeader(name));
    if (i >= 0) at.set(name, i);
  }
  const missing = columns.required.filter((name) => !at.has(name));
  if (missing.length)
    throw new HttpError(400, `The file must have the columns ${listed(columns.required)} (missing: ${missing.join(', ')})`);
  if (grid.length - 1 > IMPORT_MAX_ROWS) throw new HttpError(400, `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows`);
  const rows: SheetRow[] = [];
  grid.slice(1).forEach((cells, i) => {
    const row: SheetRow = { line: i + 2, cells: {} };
    for (const name of names) {
      const index = at.get(name);
      row.cells[name] = index === undefined ? '' : String(cells[index] ?? '').trim();
    }
    if (names.some((name) => row.cells[name])) rows.push(row);
  });
  if (rows.length === 0) throw new HttpError(400, 'The file has no rows to import');
  return rows;
}
