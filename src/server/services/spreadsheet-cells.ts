/** A spreadsheet runs a cell that starts like a formula; a leading apostrophe makes it plain text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
