import { useEffect, useId, useState, type FormEvent } from 'react';
import { Clock } from 'lucide-react';
import { rallyDate } from '@common/rally-time';
import { useRallyTimeZone } from '../../../lib/rally-settings';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import type { Act, QueuedAct } from '../act-queue';
import { actStamp } from '../act-stamp';
import { useRallyQueue } from '../rally-queue';
import { siteNow } from '../site-clock';

type QueuedAnswerAct = QueuedAct & { act: Extract<Act, { kind: 'answer' }> };
export const isQueuedAnswer = (q: QueuedAct): q is QueuedAnswerAct => q.act.kind === 'answer';

const ALREADY_SENT = 'It is already on its way and can no longer be changed.';
export const DAY_OVER_NO_EDIT =
  "This clue's day is over, so the answer can no longer be changed: it goes as you gave it before midnight, and counts for its day. You can still withdraw it.";

/**
 * An answer waiting on the phone, under its clue: what it says, and until it is handed to the
 * network, Edit (a text answer) and Withdraw. An edited answer is a new act with a new id, made
 * now, replacing the old one in one step, so the site never gets both. Once the clue's day is over
 * (midnight in the rally's zone, by the site's clock) there is no Edit: a change made then would be
 * an answer made after the day, which the site refuses, and keeping the old time for new words
 * would backdate them. Withdraw stays.
 */
export function QueuedAnswer({ queued, clueDate }: { queued: QueuedAnswerAct; /** The clue's rally day, YYYY-MM-DD. */ clueDate: string }) {
  const { edit, withdraw } = useRallyQueue();
  const timeZone = useRallyTimeZone();
  const id = useId();
  const { act } = queued;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(act.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const isDayOver = () => rallyDate(siteNow(), timeZone) > clueDate;
  const [dayOver, setDayOver] = useState(isDayOver);
  // Midnight comes while the app lies open: look again every 15 s until it has.
  useEffect(() => {
    if (dayOver) return;
    const timer = setInterval(() => setDayOver(isDayOver()), 15_000);
    return () => clearInterval(timer);
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    const answer = text.trim();
    if (!answer) return setProblem('Please type your answer.');
    setEditing(false);
    // Midnight may have come while the form was open.
    if (isDayOver()) return setDayOver(true);
    const done = await edit(act.clientId, { ...act, ...actStamp(), text: answer });
    setProblem(done ? null : ALREADY_SENT);
  }

  const mayChange = !queued.tried;
  const mayEdit = act.text !== undefined && !dayOver;
  return (
    <div className="space-y-2 rounded-lg bg-amber-50 p-3">
      <p className="flex items-center gap-2 font-semibold text-amber-800">
        <Clock className="h-5 w-5 shrink-0" aria-hidden />
        {act.text !== undefined ? `Answer waiting to send: “${act.text}”` : 'Answer waiting to send: your photo'}
      </p>
      {mayChange && act.text !== undefined && !mayEdit && <p className="text-sm text-slate-700">{DAY_OVER_NO_EDIT}</p>}
      {editing && mayEdit ? (
        <form onSubmit={(e) => void save(e)} className="space-y-2" noValidate>
          <Label htmlFor={`${id}-edit`}>Change your answer</Label>
          <Input
            id={`${id}-edit`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={500}
            autoComplete="off"
            className="h-12 text-base"
          />
          <div className="grid grid-cols-2 gap-2">
            <Button type="submit" size="lg">
              Save answer
            </Button>
            <Button type="button" variant="outline" size="lg" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        mayChange && (
          <div className="grid grid-cols-2 gap-2">
            {mayEdit ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
            ) : (
              <span />
            )}
            <Button variant="outline" onClick={() => void withdraw(act.clientId).then((done) => setProblem(done ? null : ALREADY_SENT))}>
              Withdraw
            </Button>
          </div>
        )
      )}
      {problem && (
        <p role="alert" className="text-sm text-rally-600">
          {problem}
        </p>
      )}
    </div>
  );
}
