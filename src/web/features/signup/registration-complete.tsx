import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CheckCircle2 } from 'lucide-react';
import { moneyStory } from '@common/money-story';
import { useRallySettings } from '../../lib/rally-settings';
import { buttonClass } from '../../components/ui/button';
import { useCurrentUser } from '../../lib/auth';

export type PhotoStatus = 'none' | 'uploading' | 'done' | 'failed';

/** The screen that replaces the form after a successful registration (spec section 2). */
export function RegistrationComplete({
  teamName,
  driverEmail,
  waiting,
  photo,
  payDeposit,
}: {
  teamName: string;
  driverEmail: string;
  waiting: boolean;
  photo: PhotoStatus;
  /** The deposits feature's button, passed in by the page. */
  payDeposit?: ReactNode;
}) {
  const rallySettings = useRallySettings();
  const { user, isLoading } = useCurrentUser();
  // Signed out: the dashboard is reached by creating the account, with the driver's address filled in.
  const dashboardLink = user ? '/dashboard' : `/login?${new URLSearchParams({ mode: 'register', email: driverEmail })}`;
  const money = moneyStory(rallySettings);
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <CheckCircle2 className="mx-auto h-16 w-16 text-emerald-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-navy-900" tabIndex={-1} data-autofocus>
        Registration Complete!
      </h1>
      <p className="mt-3 text-slate-700">
        Thank you for registering <strong>{teamName}</strong> for the {rallySettings.productName} {rallySettings.year},{' '}
        {rallySettings.routeLabel}.
      </p>
      {waiting && (
        <p role="status" className="mt-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900">
          The rally is full, so <strong>{teamName}</strong> is on the waiting list. We will e-mail the driver as soon as a place comes free;
          no deposit is due until then.
        </p>
      )}
      {photo === 'uploading' && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Uploading your car photo...
        </p>
      )}
      {photo === 'done' && (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          Your car photo has been added.
        </p>
      )}
      {photo === 'failed' && (
        <p role="status" className="mt-2 text-sm text-rally-600">
          Your car photo could not be added. You can upload it from your dashboard.
        </p>
      )}

      <div className="mt-8 text-left">
        <h2 className="text-xl font-bold text-navy-900">What&apos;s Next</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>Check your inbox: we have e-mailed the driver a confirmation with your registration details.</li>
          {waiting ? <li>Wait for our e-mail: when a place is offered, we will ask for the deposit.</li> : <li>{money.depositStep}</li>}
          <li>
            Create an account with the driver&apos;s e-mail address to update your details, sponsors and donations from your dashboard.
          </li>
          <li>{money.fundraisingStep}</li>
        </ol>
      </div>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {waiting ? null : payDeposit}
        {isLoading ? null : (
          <Link href={dashboardLink} className={buttonClass(waiting ? 'primary' : 'outline', 'lg')}>
            {user ? 'Go to Dashboard' : 'Create Your Account'}
          </Link>
        )}
        <Link href="/" className={buttonClass('outline', 'lg')}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
