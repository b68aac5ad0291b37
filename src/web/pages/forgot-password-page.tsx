import { useState } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { AuthCard } from '../features/auth/auth-card';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import { buttonClass } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

const backLink = 'inline-flex items-center gap-1 text-sm font-medium text-navy-700 underline-offset-4 hover:underline';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="green"
        title="Check your email"
        intro={
          <>
            If an account exists for <strong className="break-words text-navy-900">{sentTo}</strong>, we&apos;ve sent a link to reset its
            password.
          </>
        }
      >
        <p className="mb-6 text-center text-sm text-slate-600">
          The link works once, for 1 hour. Check your spam folder if it has not arrived in a few minutes.
        </p>
        <Link href="/login" className={buttonClass('primary', 'lg', 'w-full')}>
          Return to login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      intro="Enter the email address of your account and we'll send you a link to set a new password."
    >
      <ForgotPasswordForm onSent={setSentTo} />
      <p className="mt-6 text-center">
        <Link href="/login" className={backLink}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
