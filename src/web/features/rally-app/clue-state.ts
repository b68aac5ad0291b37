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

/** HH:MM in the rally's time zone (Jersey), as the organisers set release times. */
export const rallyTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
