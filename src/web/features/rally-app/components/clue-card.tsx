import { CheckCircle2, Clock, MapPinCheck, XCircle } from 'lucide-react';
import type { MyClue } from '@common/schemas/clues';
import { Badge, Card } from '../../../components/ui/card';
import { clueState, mayAnswer, type ClueState } from '../clue-state';
import { useRallyQueue } from '../rally-queue';
import { isClueAct } from '../act-queue';
import { NoticeList } from './notice-list';
import { AnswerForm } from './answer-form';
import { PhotoAnswer } from './photo-answer';
import { ClueHints } from './clue-hints';
import { CheckInButton } from './check-in-button';
import { isQueuedAnswer, QueuedAnswer } from './queued-answer';

function StateLine({ state }: { state: ClueState }) {
  switch (state.kind) {
    case 'scored':
      return (
        <p className="flex items-center gap-2 font-semibold text-green-700">
          <CheckCircle2 className="h-5 w-5" aria-hidden /> Scored {state.points} points
        </p>
      );
    case 'wrong':
      return (
        <p className="flex items-center gap-2 font-semibold text-rally-600">
          <XCircle className="h-5 w-5" aria-hidden /> Wrong answer, try again
        </p>
      );
    case 'photo-waiting':
      return (
        <p className="flex items-center gap-2 font-semibold text-navy-800">
          <Clock className="h-5 w-5" aria-hidden /> Photo waiting for an organiser
        </p>
      );
    case 'photo-rejected':
      return (
        <p className="font-semibold text-rally-600">
          Photo rejected: {state.reason} <span className="font-normal">You may send another.</span>
        </p>
      );
    case 'open':
      return null;
  }
}

/**
 * One released clue: its text, where the team stands on it, and what the team can do. A clue of
 * yesterday (`closed`) shows what the team did on it and what still waits on the phone, but takes
 * no new answer, hint or check-in: its day is over.
 */
export function ClueCard({ clue, closed = false }: { clue: MyClue; closed?: boolean }) {
  const { queued } = useRallyQueue();
  const state = clueState(clue);
  const mine = queued.filter((q) => isClueAct(q.act) && q.act.clueId === clue.id);
  const answers = mine.filter(isQueuedAnswer);
  const checkIns = mine.filter((q) => q.act.kind === 'check-in');
  const headingId = `clue-${clue.id}-title`;

  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold text-navy-900">
          {clue.title}
        </h3>
        <Badge className="shrink-0">{clue.points} pts</Badge>
      </div>
      <p className="whitespace-pre-line text-base text-slate-800">{clue.body}</p>
      <div className="space-y-1" aria-live="polite">
        <StateLine state={state} />
        {clue.visited && (
          <p className="flex items-center gap-2 text-green-700">
            <MapPinCheck className="h-5 w-5" aria-hidden /> Place visited
          </p>
        )}
        {checkIns.map((q) => (
          <p key={q.act.clientId} className="flex items-center gap-2 font-semibold text-amber-700">
            <Clock className="h-5 w-5" aria-hidden /> Check-in waiting to send
          </p>
        ))}
      </div>
      {answers.map((q) => (
        <QueuedAnswer key={q.act.clientId} queued={q} clueDate={clue.date} />
      ))}
      <NoticeList which={(n) => n.clueId === clue.id} />
      <ClueHints clue={clue} open={state.kind !== 'scored' && !closed} />
      {!closed &&
        mayAnswer(state) &&
        answers.length === 0 &&
        (clue.answerKind === 'photo' ? <PhotoAnswer clueId={clue.id} /> : <AnswerForm clueId={clue.id} />)}
      {!closed && !clue.visited && <CheckInButton clueId={clue.id} />}
    </Card>
  );
}
