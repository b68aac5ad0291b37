import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useRallySettings } from '../lib/rally-settings';
import type { ConsentAnswer } from '@common/schemas/contacts';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';

type State = { step: 'processing' } | { step: 'done'; firstName: string } | { step: 'failed'; title: string; message: string };

/**
 * The server's answer to a link, asked once per token while the page is loaded: the link works only
 * once, so React's second run of an effect (development) must reuse the first request.
 */
const answers = new Map<string, Promise<State>>();
function answerFor(token: string): Promise<State> {
  const asked = answers.get(token);
  if (asked) return asked;
  const answer = fetch('/api/consent', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
    .then(async (res): Promise<State> => {
      const body = (await res.json().catch(() => null)) as Partial<ConsentAnswer> | null;
      if (res.ok) return { step: 'done', firstName: body?.firstName ?? '' };
      return {
        step: 'failed',
        // 410: the link worked once already; following it again changes nothing.
        // 409: the person unsubscribed after the link was sent; their later choice stands.
        title: res.status === 410 ? 'Link already used' : res.status === 409 ? 'Link no longer valid' : 'Link not valid',
        message: body?.message ?? 'This link is not valid or has expired',
      };
    })
    .catch((): State => {
      answers.delete(token); // no answer came: opening the page again asks again
      return { step: 'failed', title: 'Link not valid', message: 'An error occurred. Please try again.' };
    });
  answers.set(token, answer);
  return answer;
}

/**
 * The "Yes, keep me informed" link of a consent request or a Get Updates confirmation. The page
 * posts the signed token when opened in a browser (mail scanners that only fetch the link record nothing).
 */
export default function ConsentPage() {
  const rallySettings = useRallySettings();
  const { token } = useParams<{ token: string }>();
  const [state, setState] = useState<State>({ step: 'processing' });
  useDocumentTitle('Keep me informed');
  useEffect(() => {
    let live = true;
    void answerFor(token ?? '').then((answer) => live && setState(answer));
    return () => {
      live = false;
    };
  }, [token]);
  const icon =
    state.step === 'processing' ? (
      <Loader2 className="h-12 w-12 animate-spin text-navy-600" aria-hidden />
    ) : state.step === 'done' ? (
      <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
    ) : (
      <XCircle className="h-12 w-12 text-rally-500" aria-hidden />
    );
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full p-6 text-center sm:p-8">
        <div className="flex justify-center">{icon}</div>
        {state.step === 'processing' && (
          <h1 className="mt-4 text-2xl font-bold text-navy-900" role="status">
            Processing
          </h1>
        )}
        {state.step === 'done' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-navy-900">Thank you{state.firstName ? `, ${state.firstName}` : ''}</h1>
            <p className="mt-3 text-slate-700">
              We will keep you informed about the {rallySettings.productName}. Every e-mail has a link to stop them.
            </p>
          </>
        )}
        {state.step === 'failed' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-navy-900">{state.title}</h1>
            <p role="alert" className="mt-3 text-slate-700">
              {state.message}
            </p>
          </>
        )}
        <Link href="/" className={buttonClass('outline', 'md', 'mt-6')}>
          Return to Homepage
        </Link>
      </Card>
    </section>
  );
}
