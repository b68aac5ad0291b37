import type { MyAnswer } from '../../common/schemas/clues';
import type { ClueAnswer } from '../db/schema';

/** An answer as its own team (and the organisers) see it: never its position or another team's anything. */
export function toMyAnswer(a: ClueAnswer): MyAnswer {
  return {
    clientId: a.clientId,
    clueId: a.clueId,
    kind: a.kind,
    text: a.answerText,
    photoUrl: a.photoUrl,
    status: a.status,
    points: a.points,
    rejectReason: a.rejectReason,
    answeredAt: a.answeredAt.toISOString(),
  };
}
