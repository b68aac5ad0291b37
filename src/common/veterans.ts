import type { VeteranYears } from './schemas/veterans';

/** "2015, 2017" for the years given, or null when there are none (the row is then left out). */
export const completedIn = (years: readonly number[]): string | null => (years.length ? years.join(', ') : null);

/** The organisers' one-line reading: "Driver 2015, 2017 · Co-driver 2016", or null for a new team. */
export function veteranSummary({ driver, coDriver }: VeteranYears): string | null {
  const parts = [driver.length ? `Driver ${completedIn(driver)}` : '', coDriver.length ? `Co-driver ${completedIn(coDriver)}` : ''];
  return parts.filter(Boolean).join(' · ') || null;
}
