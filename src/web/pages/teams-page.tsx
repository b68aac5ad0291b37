import { useMemo } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Users } from 'lucide-react';
import { useRallySettings } from '../lib/rally-settings';
import { Button, buttonClass } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLeaderboard, usePublicTeams } from '../features/fundraising/api';
import { teamTarget } from '@common/fundraising';
import { PageHeader } from '../features/fundraising/page-header';
import { StatusMessage } from '../features/fundraising/status-message';
import { TeamCard, TeamCardSkeleton } from '../features/fundraising/team-card';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export default function TeamsPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle("Who's Registered");
  const { data: teams, isPending, isError, refetch, isFetching } = usePublicTeams();
  // Totals come from the leaderboard answer (one cached list); a skeleton bar until it arrives.
  const { data: entries, isError: noTotals } = useLeaderboard();
  // Each card is hydrated as it nears the screen (a phone shows one at a time); made once per
  // answer, so a re-render of the page leaves the cards still waiting as they are.
  const cards = useMemo(() => {
    const progressOf = (id: number) => {
      if (noTotals) return null;
      if (!entries) return undefined;
      const entry = entries.find((e) => e.signupId === id);
      return { raised: entry?.donationTotal ?? 0, target: teamTarget(entry?.target, rallySettings) };
    };
    return teams?.map((team) => (
      <HydrateWhenSeen key={team.id} id={`team-card-${team.id}`}>
        <li id={`team-card-${team.id}`} className="flex">
          <TeamCard team={team} progress={progressOf(team.id)} />
        </li>
      </HydrateWhenSeen>
    ));
  }, [teams, entries, noTotals, rallySettings]);

  let body;
  if (isPending) {
    body = (
      <div className={grid} aria-busy="true" aria-label="Loading teams">
        {[0, 1, 2].map((i) => (
          <TeamCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <StatusMessage
        icon={AlertTriangle}
        tone="error"
        title="Unable to Load Registrations"
        actions={
          <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
            Try Again
          </Button>
        }
      >
        There was a problem loading the registered teams. Please try again.
      </StatusMessage>
    );
  } else if (teams.length === 0) {
    body = (
      <StatusMessage
        icon={Users}
        title="No Registrations Yet"
        actions={
          <Link href="/signup" className={buttonClass('primary')}>
            Sign Up {rallySettings.year}
          </Link>
        }
      >
        No team has registered for {rallySettings.year} yet. Yours could be the first.
      </StatusMessage>
    );
  } else {
    body = (
      <>
        <p className="mb-6 text-slate-600">
          {teams.length} {teams.length === 1 ? 'team has' : 'teams have'} registered so far.
        </p>
        <ul className={grid}>{cards}</ul>
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={`${rallySettings.year} Rally • ${rallySettings.routeLabel}`} title="Who's Registered">
        Meet the teams taking on the {rallySettings.productName} {rallySettings.year}, and sponsor a car to help raise money for local
        charities in Jersey.
      </PageHeader>
      <section aria-label="Registered teams" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        {body}
      </section>
    </>
  );
}
