import { Link, useParams } from 'wouter';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { FollowState } from '@common/schemas/followers';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLinkToken } from '../lib/use-link-token';

/**
 * The confirmation link of "Follow this team". The page posts the signed token when opened in a
 * browser; fetching the link (a mail scanner) confirms nothing.
 */
export default function FollowConfirmPage() {
  const { token } = useParams<{ token: string }>();
  const state = useLinkToken<FollowState>('/api/followers/confirm', token);
  useDocumentTitle('Follow a team');
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
            <h1 className="mt-4 text-2xl font-bold text-navy-900">You follow {state.answer.teamName}</h1>
            <p className="mt-3 text-slate-700">
              Their updates from the road will reach you by e-mail. Every e-mail has a link to stop following.
            </p>
            <Link href={`/donate/${state.answer.signupId}`} className={buttonClass('primary', 'md', 'mt-6')}>
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
