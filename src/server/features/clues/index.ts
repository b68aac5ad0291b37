/**
 * What other features use of the treasure hunt. These change the standings (for the live updates):
 * submitAnswer (a correct text answer), decidePhoto (an approval), takeHint, checkIn (places
 * visited); a clue's release changes each team's progress.
 */
export { computeStandings, toPublicStanding } from './standings';
export { submitAnswer, takeHint, checkIn, CLIENT_ID_REUSED } from './team-acts';
export { checkInResult } from './check-in-rules';
export { decidePhoto } from './photo-review';
/** The one guard of a team on the road: the signed-in rallier's team of the season holding a place, and the rally's days. */
export { rallyTeamOf, NOT_ON_A_TEAM, ON_THE_WAITING_LIST, type RallyTeam } from './rally-team';
export { todayOf, huntOver, rallyDays, type RallyDay } from './rally-days';
/** The hunt's day-by-day story of a year (/rally/{year}): the place to add more of each day's story. */
export { dayStory } from './day-story';
