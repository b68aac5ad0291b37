import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { FollowState } from '@common/schemas/followers';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';

type State = { step: 'processing' } | { step: 'done'; follow: FollowState } | { step: 'failed'; title: string; message: string };

/** Asked once per token while the page is loaded: the link works once, so React's second effect run reuses the first request. */
const answers = new Map<string, Promise<State>>();
function answerFor(token: string): Promise<State> {
  const asked = answers.get(token);
  if (asked) return asked;
  const answer = fetch('/api/followers/confirm', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
    .then(async (res): Promise<State> => {
      const body = (await res.json().catch(() => null)) as (Partial<FollowState> & { message?: string }) | null;
      if (res.ok && body) return { step: 'done', follow: body as FollowState };
      return {
        step: 'failed',
        title: res.status === 410 ? 'Link already used' : res.status === 409 ? 'Link no longer valid' : 'Link not valid',
        message: body?.message ?? 'This link is not valid or has expired',
      };
    })
    .catch((): State => {
      answers.delete(token);
      return { step: 'failed', title: 'Link not valid', message: 'An error occurred. Please try again.' };
    });
  answers.set(token, answer);
  return answer;
}

/**
 * The confirmation link of "Follow this team". The page posts the signed token when opened in a
 * browser; fetching the link (a mail scanner) confirms nothing.
 */
export default function FollowConfirmPage() {
  const { token } = useParams<{ token: string }>();
  const [state, setState] = useState<State>({ step: 'processing' });
  useDocumentTitle('Follow a team');
  useEffect(() => {
    let live = true;
    void answerFor(token ?? '').then((answer) => live && setState(answer));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full p-6 text-center sm:p-8">
        <div className="flex justify-center">
          {state.step === 'processing' ? (
            <Loader2 className="h-12 w-12 animate-spin text-navy-600" aria-hidden />
          ) : state.step === 'done' ? (
            <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
          ) : (
            <XCircle className="h-12 w-12 text-rally-500" aria-hidden />
          )}
        </div>
        {state.step === 'processing' && (
          <h1 className="mt-4 text-2xl font-bold text-navy-900" role="status">
            Processing
          </h1>
        )}
        {state.step === 'done' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-navy-900">You follow {state.follow.teamName}</h1>
            <p className="mt-3 text-slate-700">
              Their updates from the road will reach you by e-mail. Every e-mail has a link to stop following.
            </p>
            <Link href={`/donate/${state.follow.signupId}`} className={buttonClass('primary', 'md', 'mt-6')}>
              See the team's page
            </Link>
          </>
        )}
        {state.step === 'failed' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-navy-900">{state.title}</h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
            <Link href="/" className={buttonClass('outline', 'md', 'mt-6')}>
              Return to Homepage
            </Link>
          </>
        )}
      </Card>
    </section>
  );
}
