/** What other features use of team updates: the personal data of a team's members (privacy). */
export { eraseUpdatesOfTeams, updatesOfTeams } from './personal-data';
