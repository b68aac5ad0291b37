import { Link, useParams } from 'wouter';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useRallySettings } from '../lib/rally-settings';
import type { ConsentAnswer } from '@common/schemas/contacts';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLinkToken } from '../lib/use-link-token';

/**
 * The "Yes, keep me informed" link of a consent request or a Get Updates confirmation. The page
 * posts the signed token when opened in a browser (mail scanners that only fetch the link record nothing).
 */
export default function ConsentPage() {
  const rallySettings = useRallySettings();
  const { token } = useParams<{ token: string }>();
  const state = useLinkToken<Partial<ConsentAnswer>>('/api/consent', token);
  useDocumentTitle('Keep me informed');
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
            <h1 className="mt-4 text-2xl font-bold text-navy-900">
              Thank you{state.answer.firstName ? `, ${state.answer.firstName}` : ''}
            </h1>
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
