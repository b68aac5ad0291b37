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
  /** The rally's last day (the five-day reading): passports and medical data are erased a set time after it. */
  lastDay: '2026-09-13',
  depositLink: 'https://pay.gocardless.com/jersey-charity-rally-2026-deposit',
  supportEmail: 'info@jerseycharityrally.org',
  /** Who holds the data (the privacy notice), and where people write about it. */
  organisationName: 'Jersey Charity Rally',
  privacyContact: 'info@jerseycharityrally.org',
  /** Pounds, as each page words it. */
  minimumSponsorshipPerCar: 500,
  minimumFundraisingPerTeam: 1000,
  depositMinimum: 500,
  costNote: 'The 2026 cost will be confirmed in October 2025.',
  cluesPerDay: 4,
  milesBetweenClues: 60,
  milesPerDay: 250,
  firstYear: 2008,
  /**
   * Team-typed donations count publicly at once; set true to leave them out of public totals
   * until an organiser has verified them on /admin/donations.
   */
  publicTotalsVerifiedOnly: false as boolean,
  /** Pounds: what the whole event hopes to raise (the leaderboard's headline bar). */
  eventFundraisingGoal: 25000,
  /** Named on donors' receipts and the donate page. */
  charityName: 'Jersey Charity Rally Fund',
  /**
   * How to give without a team's online page (every donate page shows this, so no team is a dead
   * end). Replace the account with the organisers' own before the season opens.
   */
  offlineGiving: {
    bankAccountName: 'Jersey Charity Rally Fund',
    bankSortCode: '40-25-05',
    bankAccountNumber: '71234567',
    /** The bank reference is this prefix and the team's number, so the organisers know whose it is. */
    referencePrefix: 'RALLY',
    chequesPayableTo: 'Jersey Charity Rally Fund',
    postalAddress: 'Jersey Charity Rally, PO Box 123, St Helier, Jersey JE4 8XX',
  },
  /** Get Updates asks the subscriber to confirm by a link before they are opted in (double opt-in). */
  getUpdatesDoubleOptIn: true as boolean,
} as const;

export const DEFAULT_RALLY_YEAR = rallyConfig.year;
