import type { StatTileKey, StatTiles } from './schemas/home-page';

/** The Rally in Numbers tiles on the home page, in order, with the label under each figure. */
export const statTileLabels: { key: StatTileKey; label: string }[] = [
  { key: 'rallies', label: 'Epic Rallies' },
  { key: 'ralliers', label: 'Ralliers' },
  { key: 'kilometres', label: 'km Rallied' },
  { key: 'funds', label: 'Raised for Charity' },
];

/**
 * The kilometres in a rally's distance as organisers type it ("1,336 km", "904km", "1 240 km",
 * "1336"); 0 when it holds no number. Miles are converted.
 */
export function parseDistanceKm(distance: string): number {
  const match = /(\d[\d,\s.]*)\s*(km|kilomet(?:re|er)s?|mi(?:les?)?)?/i.exec(distance.trim());
  if (!match?.[1]) return 0;
  // Thousands are grouped by commas or spaces; a dot followed by exactly three digits groups too.
  const digits = match[1]
    .trim()
    .replace(/[,\s]/g, '')
    .replace(/\.(?=\d{3}$)/, '');
  const value = Number(digits);
  if (!Number.isFinite(value)) return 0;
  const miles = match[2]?.toLowerCase().startsWith('mi');
  return Math.round(miles ? value * 1.609344 : value);
}

const grouped = (n: number) => n.toLocaleString('en-GB');

/**
 * Money raised as the tile shows it: rounded down to a round figure with a plus (£150K+ for
 * £152,405), so the tile never claims more than was raised.
 */
export function formatFundsRaised(pence: number): string {
  const pounds = Math.floor(pence / 100);
  if (pounds >= 10_000) return `£${Math.floor(pounds / 10_000) * 10}K+`;
  if (pounds >= 1_000) return `£${Math.floor(pounds / 1_000)}K+`;
  return `£${grouped(pounds)}`;
}

/** What the site counts from its own data. */
export type StatFacts = { rallies: number; ralliers: number; kilometres: number; fundsPence: number };

/** The figures the data gives, as the tiles would show them. */
export function computedTiles(facts: StatFacts): StatTiles {
  return {
    rallies: grouped(facts.rallies),
    ralliers: grouped(facts.ralliers),
    kilometres: grouped(facts.kilometres),
    funds: formatFundsRaised(facts.fundsPence),
  };
}

/**
 * Each tile shows the organisers' override when they set one, else the computed figure. An
 * override of a count (rallies, ralliers, km) stands for the rallies up to the year of the
 * historic figures, so the rallies after it (`later`: published seasons) are added to it; one
 * that is not a plain number ("200+") is shown as typed. The funds tile has its own historic
 * figure, so its override is shown as is.
 */
export function shownTiles(
  computed: StatTiles,
  overrides: Record<StatTileKey, string | null>,
  later: Omit<StatFacts, 'fundsPence'> = { rallies: 0, ralliers: 0, kilometres: 0 },
): StatTiles {
  const plus = (override: string | null, shown: string, n: number) => {
    if (override === null) return shown;
    const base = override.trim().replace(/[,\s]/g, '');
    return n > 0 && /^\d+$/.test(base) ? grouped(Number(base) + n) : override;
  };
  return {
    rallies: plus(overrides.rallies, computed.rallies, later.rallies),
    ralliers: plus(overrides.ralliers, computed.ralliers, later.ralliers),
    kilometres: plus(overrides.kilometres, computed.kilometres, later.kilometres),
    funds: overrides.funds ?? computed.funds,
  };
}
