import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { MailCheck } from 'lucide-react';
import { AuthCard } from '../features/auth/auth-card';
import { useLogout, useVerifyEmail } from '../features/auth/api';
import { VerifyEmailForm } from '../features/auth/verify-email-form';
import { authKeys } from '../query-keys/auth';
import { Button, buttonClass } from '../components/ui/button';
import { getJson } from '../lib/api';
import { errorMessage, isStatus } from '../lib/error-message';
import { useCurrentUser } from '../lib/auth';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The page the confirmation e-mail links to. Opening it changes nothing (mail scanners fetch links);
 * the address is confirmed by a POST. In the browser signed in as the account (the usual case: sign
 * up, then click the link) that POST is sent at once; signed out (say, on a phone) the page asks for
 * the sign-up password or a new one; signed in as someone else, the server refuses and the page
 * offers to log out first.
 */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const verify = useVerifyEmail();
  const logout = useLogout();
  const sentFor = useRef<string | null>(null);
  // Signed out, a dead link is said to be dead before any password is asked for.
  const status = useQuery({
    queryKey: authKeys.verifyEmailStatus(token),
    queryFn: () => getJson<{ valid: boolean }>(`/api/auth/verify-email/status?token=${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token) && !isLoading && !user,
  });

  const confirm = (proof: { password: string } | { newPassword: string } | object) => {
    if (!token) return;
    verify.mutate(
      { token, ...proof },
      {
        onSuccess: () => {
          toast({ title: 'E-mail address confirmed', description: 'Your account and your team details are yours alone.' });
          navigate('/dashboard', { replace: true });
        },
      },
    );
  };

  // Signed in: one automatic try, without a password (the server knows whether this is the account).
  useEffect(() => {
    if (!token || isLoading || !user || sentFor.current === user.id) return;
    sentFor.current = user.id;
    confirm({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in account
  }, [token, isLoading, user]);

  if (!token || (!user && status.data?.valid === false)) {
    return (
      <AuthCard icon={MailCheck} title="Invalid link" intro="This confirmation link is invalid or has expired. Log in to send a new one.">
        <Link href="/login" className={buttonClass('primary', 'lg', 'w-full')}>
          Go to login
        </Link>
      </AuthCard>
    );
  }
  if (isLoading || (!user && status.isLoading) || (user && (verify.isPending || verify.isSuccess || sentFor.current !== user.id))) {
    return (
      <AuthCard icon={MailCheck} title="Confirm your e-mail address">
        <p role="status" className="text-center text-slate-600">
          Confirming your e-mail address...
        </p>
      </AuthCard>
    );
  }
  if (user && isStatus(verify.error, 409)) {
    return (
      <AuthCard icon={MailCheck} title="Confirm your e-mail address">
        <p role="alert" className="mb-4 text-slate-700">
          You are signed in as <strong className="break-all">{user.email}</strong>, but this link confirms the address of another account.
          Log out, then confirm it here.
        </p>
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSuccess: () => verify.reset() })}
        >
          Log out
        </Button>
      </AuthCard>
    );
  }
  if (user && verify.isError) {
    return (
      <AuthCard icon={MailCheck} title="Confirm your e-mail address">
        <p role="alert" className="mb-4 text-slate-700">
          {errorMessage(verify.error, 'The address could not be confirmed. Please try again.')}
        </p>
        <Link href="/dashboard" className={buttonClass('primary', 'lg', 'w-full')}>
          Go to my dashboard
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={MailCheck} title="Confirm your e-mail address" intro="One last step: show that this account is yours.">
      <VerifyEmailForm onSubmit={confirm} pending={verify.isPending} error={verify.error} />
    </AuthCard>
  );
}
