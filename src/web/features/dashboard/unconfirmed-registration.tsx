import { MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ResendOutcome, useResendVerification } from './verify-email-banner';

/**
 * Signed in with an address not confirmed yet, which a registration names: the team shows once
 * the address is confirmed. Said plainly, so no one registers the team a second time.
 */
export function UnconfirmedRegistration({ email, linkFailed }: { email: string; linkFailed: boolean }) {
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="unconfirmed-registration"
      className="mx-auto max-w-lg rounded-2xl border border-amber-300 bg-white p-8 text-center shadow-sm"
    >
      <MailCheck className="mx-auto h-12 w-12 text-amber-600" aria-hidden />
      <h2 id="unconfirmed-registration" className="mt-3 text-2xl font-bold text-navy-900">
        We found a registration for <span className="break-all">{email}</span>
      </h2>
      <p className="mt-2 text-slate-600">
        Confirm your e-mail to see it: follow the link we sent to {email}. Your team then shows here.
        {linkFailed ? ' The link you followed is invalid or has expired; send a new one.' : ''}
      </p>
      <Button type="button" size="lg" className="mt-6" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send the link again'}
      </Button>
      <ResendOutcome resend={resend} />
    </section>
  );
}
