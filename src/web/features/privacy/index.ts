export { RetentionNote } from './retention-note';
export { privacyKeys } from './query-keys';
