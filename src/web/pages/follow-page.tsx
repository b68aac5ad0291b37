import { Link, useParams } from 'wouter';
import { Button, buttonClass } from '../components/ui/button';
import { Card, Skeleton } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { errorMessage } from '../lib/error-message';
import { useFollow, useFollowAction } from '../features/followers';

/**
 * The follower's own page, behind the link in every follower e-mail: opening it changes nothing
 * (link scanners); its button stops following this team only, and its boxes change the choices.
 */
export default function FollowPage() {
  const { token = '' } = useParams<{ token: string }>();
  const follow = useFollow(token);
  const act = useFollowAction(token);
  useDocumentTitle('Following a team');
  const state = follow.data;
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full space-y-4 p-6 sm:p-8">
        {follow.isPending && (
          <div aria-busy="true" aria-label="Loading">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="mt-4 h-4 w-full" />
          </div>
        )}
        {follow.isError && (
          <>
            <h1 className="text-2xl font-bold text-navy-900">Link not valid</h1>
            <p role="alert">{errorMessage(follow.error, 'This link is not valid or has expired')}</p>
          </>
        )}
        {state && (
          <>
            <h1 className="text-2xl font-bold text-navy-900">
              {state.following ? `You follow ${state.teamName}` : `You no longer follow ${state.teamName}`}
            </h1>
            {state.message && <p role="status">{state.message}</p>}
            {state.following && (
              <>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={state.dailyDigest}
                    disabled={act.isPending}
                    onChange={(e) => act.mutate({ dailyDigest: e.target.checked })}
                  />
                  One e-mail a day instead of one per update
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={state.keepAfterResults}
                    disabled={act.isPending}
                    onChange={(e) => act.mutate({ keepAfterResults: e.target.checked })}
                  />
                  Keep hearing about the team after the results
                </label>
                <Button variant="destructive" disabled={act.isPending} onClick={() => act.mutate({ stop: true })}>
                  Stop following {state.teamName}
                </Button>
              </>
            )}
            {act.isError && <p role="alert">{errorMessage(act.error, 'That did not work. Please try again.')}</p>}
            <Link href={`/donate/${state.signupId}`} className={buttonClass('outline')}>
              See the team's page
            </Link>
          </>
        )}
      </Card>
    </section>
  );
}
