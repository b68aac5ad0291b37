import { rallyTime, zonePlaceName } from '@common/rally-time';
import type { MyAnswer, MyClue } from '@common/schemas/clues';

export type ClueState =
  | { kind: 'scored'; points: number }
  | { kind: 'wrong' }
  | { kind: 'photo-waiting' }
  | { kind: 'photo-rejected'; reason: string }
  | { kind: 'open' };

const latest = (answers: MyAnswer[]) => [...answers].sort((a, b) => a.answeredAt.localeCompare(b.answeredAt)).at(-1);

/** Where the team stands on a clue, from the site's answers: scored, or its last answer's fate. */
export function clueState(clue: MyClue): ClueState {
  const scored = clue.answers.find((a) => a.status === 'correct' || a.status === 'approved');
  if (scored) return { kind: 'scored', points: scored.points };
  const last = latest(clue.answers);
  if (last?.status === 'pending') return { kind: 'photo-waiting' };
  if (last?.status === 'rejected') return { kind: 'photo-rejected', reason: last.rejectReason ?? 'No reason was given.' };
  if (last?.status === 'wrong') return { kind: 'wrong' };
  return { kind: 'open' };
}

/** Whether the team may send an answer now: not once scored, nor while a photo waits for an organiser. */
export const mayAnswer = (state: ClueState) => state.kind !== 'scored' && state.kind !== 'photo-waiting';

/**
 * "Next clue at 16:30 (Paris time)": in the rally's time zone (the setting `timeZone`), where the
 * organisers set release times, and saying which zone, whatever the phone's own.
 */
export const nextClueAt = (iso: string, timeZone: string) => `Next clue at ${rallyTime(iso, timeZone)} (${zonePlaceName(timeZone)})`;
