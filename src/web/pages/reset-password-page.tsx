import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CheckCircle2, LockKeyhole } from 'lucide-react';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/auth/reset-password-form';
import { buttonClass } from '../components/ui/button';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const [done, setDone] = useState(false);

  // A link without its token cannot work: say so and offer a new one (spec section 8).
  useEffect(() => {
    if (token) return;
    toast({ title: 'Invalid link', description: 'This password reset link is invalid. Please request a new one.', variant: 'destructive' });
    navigate('/forgot-password', { replace: true });
  }, [token, navigate]);

  if (!token) return null;
  if (done) {
    return (
      <AuthCard
        icon={CheckCircle2}
        tone="green"
        title="Password reset"
        intro="Your password has been reset. You can now log in with your new password."
      >
        <Link href="/login" className={buttonClass('primary', 'lg', 'w-full')}>
          Go to login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={LockKeyhole} title="Set a new password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
    </AuthCard>
  );
}
