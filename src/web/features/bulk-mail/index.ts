/** What other features may use from bulk-mail. */
export { TeamEmailDialog } from './team-email-dialog';
