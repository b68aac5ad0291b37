/** What other features and pages use of historic: its cache keys. */
export { historicKeys } from './query-keys';
