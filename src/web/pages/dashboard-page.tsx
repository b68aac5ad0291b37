import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Skeleton } from '../components/ui/card';
import { useCurrentUser } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { teamOf, useMyDashboard } from '../features/dashboard/api';
import { CountdownAndStatus, TeamCards } from '../features/dashboard/summary-cards';
import { DetailsForm, detailsFormKey } from '../features/dashboard/details-form';
import { CoDriverInvite } from '../features/dashboard/co-driver-invite';
import { DonationsPanel } from '../features/dashboard/donations-panel';
import { NoRegistration, WhatsNext } from '../features/dashboard/whats-next';
import { MyDataPanel } from '../features/dashboard/my-data-panel';
import { VerifyEmailBanner } from '../features/dashboard/verify-email-banner';
import { WithdrawEntry } from '../features/dashboard/withdraw-entry';
import { UnconfirmedRegistration } from '../features/dashboard/unconfirmed-registration';
import { OrganiserCard } from '../features/dashboard/organiser-card';
import { SponsorsEditor } from '../features/dashboard/sponsors-editor';
import { MyDonatePage } from '../features/dashboard/my-donate-page';
import { PositionSharingCard } from '../features/tracking';
import { PayDepositButton } from '../features/deposits';
import { FollowerCount } from '../features/followers';
import { RallyAppLinkCard, rallyAppIsNear } from '../features/rally-app/rally-app-link-card';
import { useRallySettings } from '../lib/rally-settings';
import { seasonNow } from '../lib/season-clock';

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
  const rallySettings = useRallySettings();
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const dashboard = useMyDashboard(Boolean(user));
  const team = teamOf(dashboard.data);
  const unconfirmed = dashboard.data?.state === 'unconfirmed' ? dashboard.data.email : null;
  const linkFailed = new URLSearchParams(window.location.search).get('verification') === 'invalid';
  // A waiting-list team is not on the road: it neither shares positions nor opens the rally app.
  const inRally = Boolean(
    team && team.rallyYear === rallySettings.year && team.status !== 'withdrawn' && team.status !== 'waiting_list' && !team.rallyOver,
  );

  useEffect(() => {
    if (isLoading || user) return;
    // The registration e-mail's link carries the driver's address: signed out, it leads to creating
    // the account with the address filled in (the login screen's toggle is there for an existing one).
    const email = new URLSearchParams(window.location.search).get('email');
    navigate(email ? `/login?${new URLSearchParams({ mode: 'register', email })}` : '/login', { replace: true });
  }, [isLoading, user, navigate]);

  return (
    <div className="min-h-[70vh] bg-navy-50/60">
      <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        {isLoading || !user || dashboard.isLoading ? (
          <Loading />
        ) : (
          <>
            <header>
              <h1 className="text-3xl font-bold text-navy-900">Welcome, {user.firstName || 'Rallier'}!</h1>
              <p className="mt-1 text-slate-600">
                {team ? `You are the ${team.role} of ${team.teamName}. ` : ''}
                Your team, your details and your fundraising in one place.
              </p>
            </header>
            {user.isAdmin ? <OrganiserCard /> : null}
            {user.emailVerified || unconfirmed ? null : <VerifyEmailBanner email={user.email} linkFailed={linkFailed} />}
            {dashboard.isError ? (
              <p role="alert" className="rounded-xl border border-rally-500 bg-white p-5 text-rally-600">
                Your registration could not be loaded. Please refresh the page to try again.
              </p>
            ) : team ? (
              <>
                <CountdownAndStatus signup={team} payDeposit={<PayDepositButton size="sm" className="mt-3" />} />
                <MyDonatePage signup={team} followerCount={<FollowerCount signupId={team.id} />} />
                <TeamCards signup={team} />
                <DetailsForm key={detailsFormKey(team)} signup={team} />
                <SponsorsEditor signup={team} />
                {team.role === 'driver' && <CoDriverInvite signup={team} />}
                {/* The rally app and position sharing are for the season's teams still in the rally. */}
                {inRally && rallyAppIsNear(rallySettings, seasonNow()) && <RallyAppLinkCard />}
                {inRally && <PositionSharingCard />}
                <DonationsPanel signup={team} />
                {/* A finished rally asks nothing more of the team: no deposit, no withdrawal. */}
                {!team.rallyOver && <WhatsNext status={team.status} />}
                {!team.rallyOver && <WithdrawEntry signup={team} />}
              </>
            ) : unconfirmed ? (
              <UnconfirmedRegistration email={unconfirmed} linkFailed={linkFailed} />
            ) : user.isAdmin ? null : (
              <NoRegistration />
            )}
            <MyDataPanel />
          </>
        )}
      </section>
    </div>
  );
}
