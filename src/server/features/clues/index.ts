/**
 * What other features use of the treasure hunt. These change the standings (for the live updates):
 * submitAnswer (a correct text answer), decidePhoto (an approval), takeHint, checkIn (places
 * visited); a clue's release changes each team's progress.
 */
export { computeStandings, toPublicStanding } from './standings';
export { submitAnswer, takeHint, checkIn, CLIENT_ID_REUSED } from './team-acts';
export { decidePhoto } from './photo-review';
/** The signed-in rallier's team of the season (404 for anyone else), and the rally's days. */
export { rallyTeamOf, NOT_ON_A_TEAM, type RallyTeam } from './rally-team';
export { todayOf, addDays, huntOver, rallyDays, type RallyDay } from './rally-days';
/** The hunt's day-by-day story of a year (/rally/{year}): the place to add more of each day's story. */
export { dayStory } from './day-story';
