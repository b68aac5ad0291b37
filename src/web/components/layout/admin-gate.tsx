import { useEffect, type ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useCurrentUser } from '../../lib/auth';

export const UNAUTHENTICATED_REDIRECT_MS = 500;

/**
 * Admin pages render their content only for admins (the server checks every request as well).
 * Signed out: a notice, then the sign-in redirect after 500 ms. Signed in without isAdmin: Access Denied.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const signedOut = !isLoading && !user;

  useEffect(() => {
    if (!signedOut) return;
    // The login screen returns the organiser to this page afterwards.
    const next = window.location.pathname + window.location.search;
    const timer = setTimeout(
      () => window.location.assign(`/api/auth/login-page?${new URLSearchParams({ next })}`),
      UNAUTHENTICATED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [signedOut]);

  if (isLoading) return <div className="min-h-[50vh]" aria-busy="true" />;
  if (!user) {
    return (
      <div role="status" className="mx-auto mt-12 max-w-md rounded-xl border border-gold-400 bg-gold-300/20 p-5 text-center">
        <p className="font-semibold text-navy-900">Unauthorized</p>
        <p className="text-slate-700">You are logged out. Logging in again...</p>
      </div>
    );
  }
  if (!user.isAdmin) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 text-center">
        <ShieldAlert className="h-12 w-12 text-rally-500" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold text-navy-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">You do not have permission to view this page.</p>
      </section>
    );
  }
  return <>{children}</>;
}
