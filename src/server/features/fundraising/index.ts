/** What other features use of fundraising: a team's donate page figures (followers' e-mails show its progress). */
export { findPublicTeamPage } from './queries';
