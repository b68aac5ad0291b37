/** What other features and pages use of the clues: their cache keys. */
/** Photo answers waiting: approve, or reject with a reason (the control room shows it too). */
export { PhotoReview } from './photo-review';
