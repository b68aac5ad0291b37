import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { LogOut } from 'lucide-react';
import { AuthCard } from '../features/auth/auth-card';
import { useLogout } from '../features/auth/api';
import { buttonClass } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRallySettings } from '../lib/rally-settings';
import { forgetRallyAppCopies } from '../features/rally-app/forget-copies';

/** Logs out on arrival (spec section 2); a failure is only logged (spec section 8). */
export default function LogoutPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Logged Out');
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    // Once, even when development mode runs effects twice.
    if (started.current) return;
    started.current = true;
    forgetRallyAppCopies();
    logout.mutate(undefined, { onError: (error) => console.error('Logout failed:', error) });
  }, [logout]);

  return (
    <AuthCard icon={LogOut} title="You're Logged Out" intro={`Thanks for visiting. See you on the road to ${rallySettings.destination}!`}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href="/" className={buttonClass('primary', 'lg', 'w-full sm:flex-1')}>
          Return Home
        </Link>
        <Link href="/login" className={buttonClass('outline', 'lg', 'w-full sm:flex-1')}>
          Log In Again
        </Link>
      </div>
    </AuthCard>
  );
}
