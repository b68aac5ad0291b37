/** What other features and pages use of the clues: their cache keys. */
export { clueKeys } from './query-keys';
