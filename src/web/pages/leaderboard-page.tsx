import { useMemo } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, PiggyBank } from 'lucide-react';
import { formatPence } from '@common/money';
import { useRallySettings } from '../lib/rally-settings';
import { eventGoal } from '@common/fundraising';
import { ProgressBar } from '../components/ui/progress-bar';
import { Button, buttonClass } from '../components/ui/button';
import { Skeleton } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { leaderboardSummary, useLeaderboard } from '../features/fundraising/api';
import { LeaderboardRow, LeaderboardRowSkeleton } from '../features/fundraising/leaderboard-row';
import { PageHeader } from '../features/fundraising/page-header';
import { StatusMessage } from '../features/fundraising/status-message';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';

function Stat({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="rounded-2xl border border-white/15 bg-white/10 px-5 py-4">
      <dt className="text-sm font-medium text-navy-100">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-gold-300 sm:text-3xl">
        {value ?? <Skeleton className="h-9 w-28 bg-white/20" />}
      </dd>
    </div>
  );
}

export default function LeaderboardPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Fundraising Leaderboard');
  const { data: entries, isPending, isError, refetch, isFetching } = useLeaderboard();
  const summary = entries ? leaderboardSummary(entries) : null;
  // Each row is hydrated as it nears the screen (lib/hydrate-when-seen.tsx); made once per answer,
  // so a re-render of the page leaves the rows still waiting as they are.
  const rows = useMemo(
    () =>
      entries?.map((entry, i) => (
        <HydrateWhenSeen key={entry.signupId} id={`leaderboard-row-${entry.signupId}`}>
          <LeaderboardRow id={`leaderboard-row-${entry.signupId}`} entry={entry} rank={i + 1} />
        </HydrateWhenSeen>
      )),
    [entries],
  );

  return (
    <>
      <PageHeader eyebrow={`${rallySettings.productName} ${rallySettings.year}`} title="Fundraising Leaderboard">
        <p>Every pound raised goes to local charities in Jersey. Pick a team and sponsor their drive to {rallySettings.destination}.</p>
        {!isError && (
          <dl className="mt-6 grid max-w-md grid-cols-2 gap-3">
            <Stat label="Total Raised" value={summary && formatPence(summary.totalRaised)} />
            <Stat label="Teams Fundraising" value={summary && String(summary.teamsWithDonations)} />
          </dl>
        )}
        {summary && (
          <ProgressBar
            raised={summary.totalRaised}
            target={eventGoal(rallySettings)}
            tone="dark"
            label="Event fundraising progress"
            className="mt-4 max-w-md"
          />
        )}
      </PageHeader>
      <section aria-label="Team rankings" className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        {isPending ? (
          <ol className="space-y-3" aria-busy="true" aria-label="Loading the leaderboard">
            {[0, 1, 2].map((i) => (
              <LeaderboardRowSkeleton key={i} />
            ))}
          </ol>
        ) : isError ? (
          <StatusMessage
            icon={AlertTriangle}
            tone="error"
            title="Unable to Load Leaderboard"
            actions={
              <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
                Try Again
              </Button>
            }
          >
            There was a problem loading the fundraising totals. Please try again.
          </StatusMessage>
        ) : (
          <>
            {summary?.teamsWithDonations === 0 && (
              <div className={entries.length ? 'mb-8' : undefined}>
                <StatusMessage
                  icon={PiggyBank}
                  title="No Fundraising Yet"
                  actions={
                    <Link href="/teams" className={buttonClass('primary')}>
                      Meet the Teams
                    </Link>
                  }
                >
                  No donations have been recorded yet. Sponsor a team and put them at the top of the table.
                </StatusMessage>
              </div>
            )}
            {entries.length > 0 && <ol className="space-y-3">{rows}</ol>}
          </>
        )}
      </section>
    </>
  );
}
