import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Skeleton } from '../components/ui/card';
import { currentUserKey, fetchCurrentUser } from '../lib/auth';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRallyTimeZone } from '../lib/rally-settings';
import { timesAreIn } from '@common/rally-time';
import { seasonNow } from '../lib/season-clock';
import { errorMessage, isStatus } from '../lib/error-message';
import {
  QueueStatus,
  RallyQueueProvider,
  registerRallyAppWorker,
  useMyClues,
  useRallyAppLiveRefresh,
  keepReadsOffline,
} from '../features/rally-app';
import { deferredSectionElementId, rallyAppSections } from './rally-app/rally-app-sections';
import { rallyAppKeys } from '../query-keys/rally-app';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';
import { whenIdle } from '../lib/when-idle';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-4" aria-busy="true" aria-label={label}>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-28" />
      <Skeleton className="h-64" />
    </div>
  );
}

function Problem({ children }: { children: React.ReactNode }) {
  return (
    <Card role="alert" className="space-y-3 p-5 text-base">
      {children}
    </Card>
  );
}

/** Listens to the live stream once the team is known (its own events refresh its own reads). */
function LiveRefresh({ teamId }: { teamId: number }) {
  useRallyAppLiveRefresh(teamId);
  return null;
}

/** The team's part once its rally is known: each section of the rally app, top to bottom. */
function TeamRally({ userId }: { userId: string }) {
  const rally = useMyClues();
  const timeZone = useRallyTimeZone();
  if (rally.data) {
    const data = rally.data;
    return (
      <RallyQueueProvider userId={userId}>
        <LiveRefresh teamId={data.team.id} />
        <header>
          <h1 className="text-2xl font-bold text-navy-900">{data.team.teamName}</h1>
          <p className="text-slate-600">The rally app{data.today ? `: day ${data.today.day}` : ''}</p>
          {/* At the season's instant, as the server drew it (a held clock in tests and demos). */}
          <p className="text-sm text-slate-600">{timesAreIn(timeZone, seasonNow())}</p>
        </header>
        <QueueStatus />
        {rallyAppSections.map(({ id, Section, belowFirstScreen }) =>
          belowFirstScreen ? (
            <HydrateWhenSeen key={id} id={deferredSectionElementId(id)}>
              <div id={deferredSectionElementId(id)}>
                <Section rally={data} />
              </div>
            </HydrateWhenSeen>
          ) : (
            <Section key={id} rally={data} />
          ),
        )}
      </RallyQueueProvider>
    );
  }
  if (isStatus(rally.error, 404))
    return (
      <Problem>
        <p>{errorMessage(rally.error, 'You are not on a team in this year’s rally.')}</p>
        <p>
          The rally app is for the driver and co-driver of a team in the rally.{' '}
          <Link href="/dashboard" className="font-semibold text-navy-700 underline">
            Go to your dashboard
          </Link>
        </p>
      </Problem>
    );
  if (rally.isError)
    return (
      <Problem>
        <p>{errorMessage(rally.error, 'Your clues could not be loaded: there may be no signal here. They will be tried again shortly.')}</p>
      </Problem>
    );
  return <Loading label="Loading your clues" />;
}

/**
 * /rally-app: the team's phone during the rally, drawn by the server for a signed-in team.
 * Installable, and it opens without signal with the last clues and standings it read (its service
 * worker); what the team does without signal waits on the phone and is sent when the signal is
 * back (docs/features/rally-app.md).
 */
export default function RallyAppPage() {
  useDocumentTitle('Rally app');
  const client = useQueryClient();
  // Before any section reads: their queries are made without signal too.
  useState(() => keepReadsOffline(client));
  const [, navigate] = useLocation();
  // Not useCurrentUser: without signal its failure is not "signed out".
  const user = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, networkMode: 'offlineFirst' });
  const signedOut = user.isSuccess && user.data === null;

  // Drawn by the server (plugins/web-app.ts), the page may be the copy this phone's service worker
  // kept when there was no signal, older than the clues the worker has kept since: read them again.
  const [drawnByServer] = useState(() => typeof document !== 'undefined' && document.getElementById('root')!.hasAttribute('data-ssr'));
  useEffect(() => {
    if (drawnByServer) return whenIdle(() => void client.invalidateQueries({ queryKey: rallyAppKeys.myClues }));
  }, [client, drawnByServer]);
  useEffect(() => registerRallyAppWorker(client), [client]);
  useEffect(() => {
    if (signedOut) navigate(`/login?${new URLSearchParams({ next: '/rally-app' })}`, { replace: true });
  }, [signedOut, navigate]);

  return (
    <div className="min-h-[70vh] bg-navy-50/60">
      <section className="mx-auto max-w-xl space-y-5 px-4 py-6">
        {user.data ? (
          <TeamRally userId={user.data.id} />
        ) : user.isError ? (
          <Problem>
            <p>There is no signal, and this phone has no copy of the rally app yet. Open it once with signal.</p>
          </Problem>
        ) : (
          <Loading label="Loading the rally app" />
        )}
      </section>
    </div>
  );
}
