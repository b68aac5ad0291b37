/** Money is integer pence everywhere; these are the only conversions. */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** "£500", "£1,000", "£450.50": whole pounds without pence, as the copy words amounts. */
export function formatAmount(pence: number): string {
  const text = formatPence(pence);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** Pence as plain pounds with two decimals ("12.50"), for form fields and spreadsheets. */
export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** Pence as a form box shows pounds: "450" when whole, "450.50" otherwise. */
export function poundsBox(pence: number): string {
  return penceToPounds(pence).replace(/\.00$/, '');
}

/** Pounds typed by a person (e.g. "12.345") to pence by rounding pounds x 100. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/**
 * Parses a typed amount in pounds ("12", "12.5", ".50"); null when it is not a plain number above
 * 0. "12abc" or "1,000" is refused rather than read as £12 or £1.
 */
export function parsePoundsInput(input: string): number | null {
  const text = input.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const pence = poundsToPence(Number(text));
  return pence > 0 && Number.isSafeInteger(pence) ? pence : null;
}
