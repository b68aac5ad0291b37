import { Link, useParams } from 'wouter';
import { AlertTriangle, ArrowLeft, SearchX } from 'lucide-react';
import { Button, buttonClass } from '../components/ui/button';
import { Card, Skeleton } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { parseTeamId } from '@common/schemas/params';
import { usePublicTeam } from '../features/fundraising/api';
import { StatusMessage } from '../features/fundraising/status-message';
import { DonateButton, TeamDonate } from '../features/fundraising/team-donate';
import { UpdatesFeed } from '../features/team-updates';
import { FollowTeam } from '../features/followers';

function DonateSkeleton() {
  return (
    <Card className="grid overflow-hidden md:grid-cols-5" aria-busy="true" aria-label="Loading the team">
      <Skeleton className="aspect-[16/10] w-full rounded-none md:col-span-2 md:aspect-auto md:h-full" />
      <div className="space-y-4 p-8 md:col-span-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-12 w-48" />
      </div>
    </Card>
  );
}

export default function DonatePage() {
  const params = useParams<{ signupId: string }>();
  const id = parseTeamId(params.signupId);
  const { data: team, isPending, isError, refetch, isFetching } = usePublicTeam(id);
  const notFound = id === null || (!isPending && !isError && !team);
  useDocumentTitle(team ? `Donate to ${team.teamName}` : notFound ? 'Team Not Found' : 'Donate');

  let body;
  if (notFound) {
    body = (
      <StatusMessage
        icon={SearchX}
        heading="h1"
        title="Team Not Found"
        actions={
          <Link href="/leaderboard" className={buttonClass('primary')}>
            View Leaderboard
          </Link>
        }
      >
        The team you're looking for doesn't exist.
      </StatusMessage>
    );
  } else if (isPending) {
    body = <DonateSkeleton />;
  } else if (isError || !team) {
    body = (
      <StatusMessage
        icon={AlertTriangle}
        tone="error"
        heading="h1"
        title="Unable to Load Team"
        actions={
          <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
            Try Again
          </Button>
        }
      >
        There was a problem loading this team. Please try again.
      </StatusMessage>
    );
  } else {
    body = (
      <>
        <TeamDonate team={team} />
        <section aria-labelledby="team-updates" className="mt-8">
          <h2 id="team-updates" className="mb-3 text-2xl font-bold text-navy-900">
            Updates from the road
          </h2>
          <div className="mb-4">
            <FollowTeam signupId={team.id} teamName={team.teamName} />
          </div>
          <UpdatesFeed
            signupId={team.id}
            donate={() => <DonateButton team={team} />}
            empty={`${team.teamName} will post news and photos here during the rally.`}
          />
        </section>
      </>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <Link href="/leaderboard" className="mb-6 inline-flex items-center gap-2 rounded font-medium text-navy-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Leaderboard
      </Link>
      {body}
    </section>
  );
}
