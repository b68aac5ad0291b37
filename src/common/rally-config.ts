/**
 * The one place an organiser changes the facts of this year's rally.
 * The spec gives two readings of the dates and three of the minimum amount; each page shows
 * its own reading, and all of them come from here so they can be reconciled in one edit.
 */
export const rallyConfig = {
  productName: 'Jersey Charity Rally',
  shortName: 'Jersey Rally',
  edition: 'eleventh',
  year: 2026,
  destination: 'Cannes',
  startPort: 'St Malo',
  routeLabel: 'St Malo to Cannes',
  /** Home and dashboard copy. */
  datesShort: '9-12 September 2026',
  /** This-year and registered copy (five days). */
  datesLong: '9-13th September 2026',
  /** The dashboard counts down to this day (local midnight, Jersey time). */
  countdownDate: '2026-09-09',
  depositLink: 'https://pay.gocardless.com/jersey-charity-rally-2026-deposit',
  supportEmail: 'info@jerseycharityrally.org',
  /** Pounds, as each page words it. */
  minimumSponsorshipPerCar: 500,
  minimumFundraisingPerTeam: 1000,
  depositMinimum: 500,
  costNote: 'The 2026 cost will be confirmed in October 2025.',
  cluesPerDay: 4,
  milesBetweenClues: 60,
  milesPerDay: 250,
  firstYear: 2008,
} as const;

export const DEFAULT_RALLY_YEAR = rallyConfig.year;
