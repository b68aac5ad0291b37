export { RetentionNote } from './retention-note';
