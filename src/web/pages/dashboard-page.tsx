import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Skeleton } from '../components/ui/card';
import { useCurrentUser } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMySignup } from '../features/dashboard/api';
import { CountdownAndStatus, TeamCards } from '../features/dashboard/summary-cards';
import { DetailsForm, detailsFormKey } from '../features/dashboard/details-form';
import { CoDriverInvite } from '../features/dashboard/co-driver-invite';
import { DonationsPanel } from '../features/dashboard/donations-panel';
import { NoRegistration, WhatsNext } from '../features/dashboard/whats-next';
import { MyDataPanel } from '../features/dashboard/my-data-panel';
import { VerifyEmailBanner } from '../features/dashboard/verify-email-banner';
import { WithdrawEntry } from '../features/dashboard/withdraw-entry';
import { SponsorsEditor } from '../features/dashboard/sponsors-editor';

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading your dashboard">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-36" />
      <Skeleton className="h-64" />
    </div>
  );
}

export default function DashboardPage() {
  useDocumentTitle('My Dashboard');
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const signup = useMySignup(Boolean(user));

  useEffect(() => {
    if (!isLoading && !user) navigate('/login', { replace: true });
  }, [isLoading, user, navigate]);

  return (
    <div className="min-h-[70vh] bg-navy-50/60">
      <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        {isLoading || !user || signup.isLoading ? (
          <Loading />
        ) : (
          <>
            <header>
              <h1 className="text-3xl font-bold text-navy-900">Welcome, {user.firstName || 'Rallier'}!</h1>
              <p className="mt-1 text-slate-600">
                {signup.data ? `You are the ${signup.data.role} of ${signup.data.teamName}. ` : ''}
                Your team, your details and your fundraising in one place.
              </p>
            </header>
            {user.emailVerified ? null : (
              <VerifyEmailBanner
                email={user.email}
                linkFailed={new URLSearchParams(window.location.search).get('verification') === 'invalid'}
              />
            )}
            {signup.isError ? (
              <p role="alert" className="rounded-xl border border-rally-500 bg-white p-5 text-rally-600">
                Your registration could not be loaded. Please refresh the page to try again.
              </p>
            ) : signup.data ? (
              <>
                <CountdownAndStatus signup={signup.data} />
                <TeamCards signup={signup.data} />
                <DetailsForm key={detailsFormKey(signup.data)} signup={signup.data} />
                <SponsorsEditor signup={signup.data} />
                {signup.data.role === 'driver' && <CoDriverInvite signup={signup.data} />}
                <DonationsPanel signup={signup.data} />
                <WhatsNext status={signup.data.status} />
                <WithdrawEntry signup={signup.data} />
              </>
            ) : (
              <NoRegistration />
            )}
            <MyDataPanel />
          </>
        )}
      </section>
    </div>
  );
}
