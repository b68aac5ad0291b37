import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { LogIn, UserPlus } from 'lucide-react';
import { AuthCard } from '../features/auth/auth-card';
import { LoginForm } from '../features/auth/login-form';
import type { AuthMode } from '../features/auth/api';
import { adminReturnPath } from '@common/return-path';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginPage() {
  // An invitation or the registration e-mail links here with ?mode=register&email=... (and the
  // names the team's form gave), so what is known is filled in. ?next= is an admin page to return to.
  const [query] = useSearchParams();
  const known = { email: query.get('email') ?? '', firstName: query.get('firstName') ?? '', lastName: query.get('lastName') ?? '' };
  const [mode, setMode] = useState<AuthMode>(query.get('mode') === 'register' ? 'register' : 'login');
  const signingUp = mode === 'register';
  useDocumentTitle(signingUp ? 'Sign Up' : 'Log In');
  return (
    <AuthCard
      icon={signingUp ? UserPlus : LogIn}
      title={signingUp ? 'Create Account' : 'Log In'}
      intro={
        signingUp
          ? 'Create an account to manage your team, details and donations.'
          : 'Welcome back. Log in to manage your team, details and donations.'
      }
    >
      {query.get('verification') === 'invalid' ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-navy-900">
          This confirmation link is invalid or has expired. Log in to send a new one.
        </p>
      ) : null}
      <LoginForm key={mode} mode={mode} known={known} next={adminReturnPath(query.get('next'))} />
      <p className="mt-6 text-center text-sm text-slate-600">
        <button
          type="button"
          className="cursor-pointer font-semibold text-navy-700 underline-offset-4 hover:underline"
          onClick={() => setMode(signingUp ? 'login' : 'register')}
        >
          {signingUp ? 'Already have an account? Log in' : "Don't have an account? Sign up"}
        </button>
      </p>
    </AuthCard>
  );
}
