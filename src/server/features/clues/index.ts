/**
 * What other features use of the treasure hunt. These change the standings (for the live updates):
 * submitAnswer (a correct text answer), decidePhoto (an approval), takeHint, checkIn (places
 * visited); a clue's release changes each team's progress.
 */
export { computeStandings, toPublicStanding } from './standings';
export { submitAnswer, takeHint, checkIn } from './team-acts';
export { decidePhoto } from './photo-review';
/** The signed-in rallier's team of this season (driver, or accepted co-driver), else a 404. */
export { findRallyTeam, type RallyTeam } from './rally-team';
