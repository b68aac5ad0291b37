/** Money is integer pence everywhere; these are the only conversions. */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** Pounds typed by a person (e.g. "12.345") to pence by rounding pounds x 100. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** Parses a typed amount; null when it is not a number above 0. */
export function parsePoundsInput(input: string): number | null {
  const value = Number.parseFloat(input);
  return Number.isFinite(value) && value > 0 ? poundsToPence(value) : null;
}
