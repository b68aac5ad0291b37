import type { Limit } from '../../services/rate-limit';

/** Donations one team may record in a day: far above a real day's gifts, low enough that a script cannot flood the ledger. */
export const TEAM_DONATIONS_PER_DAY = 50;

export const TEAM_DONATIONS_LIMIT_MESSAGE = `Your team has recorded ${TEAM_DONATIONS_PER_DAY} donations today, the most for one day. Please record the rest tomorrow.`;

/** The team's daily count, shared by driver and co-driver (keyed by team, not by account). */
export const teamDonationLimit = (signupId: number): Limit => ({
  key: `team-donations:${signupId}`,
  max: TEAM_DONATIONS_PER_DAY,
  windowMs: 24 * 60 * 60 * 1000,
  message: TEAM_DONATIONS_LIMIT_MESSAGE,
});
