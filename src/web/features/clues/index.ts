/** What pages use of the clues: the photo review (admin, control room) and /live's standings board. */
/** Photo answers waiting: approve, or reject with a reason (the control room shows it too). */
export { PhotoReview } from './photo-review';
/** The hunt's public standings, on /live. */
export { StandingsBoard, useStandingsSettled } from './standings-board';
