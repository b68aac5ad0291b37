import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { resendVerification } from './api';
import { errorMessage } from '../../lib/error-message';

/** Asks for a new confirmation link for the signed-in account (the server limits how often). */
export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/** What the resend said: the server's message, or why it failed. */
export function ResendOutcome({ resend }: { resend: ReturnType<typeof useResendVerification> }) {
  if (resend.isSuccess) return <p className="mt-2 text-sm text-slate-700">{resend.data.message}</p>;
  if (resend.isError)
    return (
      <p role="alert" className="mt-2 text-sm text-rally-600">
        {errorMessage(resend.error, 'The link could not be sent. Please try again in a few minutes.')}
      </p>
    );
  return null;
}

/**
 * Shown above the dashboard until the account's address is confirmed: no team is linked before
 * that. The resend button asks for a new link (the server limits how often).
 */
export function VerifyEmailBanner({ email, linkFailed }: { email: string; linkFailed: boolean }) {
  const resend = useResendVerification();
  return (
    <section
      role="status"
      aria-label="Confirm your e-mail address"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-navy-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>
            Confirm your e-mail address: we sent a link to <strong className="break-all">{email}</strong>.
            {linkFailed ? ' The link you followed is invalid or has expired; send a new one.' : ''}
          </span>
        </p>
        <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending…' : 'Send the link again'}
        </Button>
      </div>
      <ResendOutcome resend={resend} />
    </section>
  );
}
