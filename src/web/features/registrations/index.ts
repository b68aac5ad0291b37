/** What other features and pages use of registrations: its cache keys. */
export { registrationsKeys } from './query-keys';
