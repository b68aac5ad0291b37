/** What other features may use from registration: the one-team-per-person rule. */
export { entryEmails, findEntryClash, lockEntryEmails } from './entry-clash';
