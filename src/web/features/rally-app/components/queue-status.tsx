import { CloudOff, LogIn } from 'lucide-react';
import { rallyTime } from '@common/rally-time';
import { Button } from '../../../components/ui/button';
import { useRallyTimeZone } from '../../../lib/rally-settings';
import type { Refusal } from '../act-queue';
import { useRallyQueue } from '../rally-queue';
import { loginPathReturningTo } from '@common/return-path';

/** Where the login screen sends the team back to: the app, where its queue is sent. */
export const LOGIN_AND_BACK = loginPathReturningTo('/rally-app');

/** What the act was, as the team would say it. */
const WHAT: Record<Refusal['kind'], string> = {
  answer: 'An answer',
  hint: 'A hint',
  'check-in': 'A check-in',
  position: 'A position',
  update: 'An update',
  sos: 'An SOS',
  'all-ok': 'All OK tonight',
};

/** What the team can do about a refused act. */
const WHAT_TO_DO: Record<Refusal['kind'], string> = {
  answer: 'If you still want to answer, send it again from its clue.',
  hint: 'The hint was not taken and cost nothing.',
  'check-in': "Press “I'm here” again at the clue's place.",
  position: 'Nothing to do: the next position is sent as usual.',
  update: 'Post it again if you still want your supporters to read it.',
  sos: 'Call the organisers now, or 112 in danger.',
  'all-ok': 'Press “All OK tonight” again, or tell the organisers.',
};

/** The acts the site refused for good, each once with its plain reason and what to do, until dismissed. */
function CouldNotBeSent() {
  const { refusals, dismissRefusal } = useRallyQueue();
  const timeZone = useRallyTimeZone();
  if (!refusals.length) return null;
  return (
    <section role="alert" aria-labelledby="unsent-title" className="space-y-2 rounded-xl border-2 border-rally-500 bg-white p-4">
      <p id="unsent-title" className="font-bold text-rally-600">
        Could not be sent
      </p>
      <ul className="space-y-2">
        {refusals.map((r) => (
          <li key={r.clientId} className="flex items-start justify-between gap-2 border-t border-slate-200 pt-2 first:border-0 first:pt-0">
            <div>
              <p className="font-semibold">
                {WHAT[r.kind]}
                {r.words ? ` (“${r.words.length > 60 ? `${r.words.slice(0, 60)}…` : r.words}”)` : ''}
                {r.madeAt ? ` made at ${rallyTime(r.madeAt, timeZone)}` : ''}: {r.reason}
              </p>
              <p className="text-sm text-slate-700">{WHAT_TO_DO[r.kind]}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => dismissRefusal(r.clientId)} aria-label="Dismiss this message">
              OK
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The top of the app: a login the site asks for (every act kept until then), the acts it refused,
 * and how many wait on the phone, each shown only when there is something to say.
 */
export function QueueStatus() {
  const { pending, waitingForSignal, loginNeeded } = useRallyQueue();
  const count = pending.length;
  const things = `${count} ${count === 1 ? 'thing' : 'things'}`;
  return (
    <>
      {loginNeeded && (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            You need to log in again: {things} you did {count === 1 ? 'waits' : 'wait'} on this phone and {count === 1 ? 'is' : 'are'} sent
            once you have.
          </p>
          <a href={LOGIN_AND_BACK} className="inline-flex items-center gap-2 font-semibold text-navy-800 underline">
            <LogIn className="h-4 w-4" aria-hidden /> Log in and come back here
          </a>
        </div>
      )}
      <CouldNotBeSent />
      {count > 0 && !loginNeeded && (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-amber-100 p-4 font-semibold text-amber-900">
          <CloudOff className="h-5 w-5 shrink-0" aria-hidden />
          {waitingForSignal ? `Waiting for signal: ${count} to send` : `Sending ${count}…`}
        </p>
      )}
    </>
  );
}
