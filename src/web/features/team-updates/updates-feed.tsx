import type { ReactNode } from 'react';
import type { PublicTeamUpdate } from '@common/schemas/team-updates';
import { UpdateCard } from '../../components/update-card';
import { Skeleton } from '../../components/ui/card';
import { usePublicUpdates } from './api';
import { timesAreIn } from '@common/rally-time';
import { useRallyTimeZone } from '../../lib/rally-settings';

type FeedProps = {
  /** One team's updates (its donate page), or null for every team's (/live). */
  signupId: number | null;
  /** The Donate button under each update. */
  donate: (update: PublicTeamUpdate) => ReactNode;
  /** What to say when there is none yet. */
  empty: ReactNode;
  limit?: number;
};

/** Team updates from the road, newest first, each with its photo and a Donate button. */
export function UpdatesFeed({ signupId, donate, empty, limit }: FeedProps) {
  const { data, isError } = usePublicUpdates(signupId, limit);
  const timeZone = useRallyTimeZone();
  if (isError)
    return <p className="text-sm text-rally-600">The updates could not be loaded. They will appear when the connection returns.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the updates" className="space-y-3">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (!data.updates.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <>
      <ul className="space-y-4">
        {data.updates.map((u) => (
          <UpdateCard key={u.id} update={u} showTeam={signupId === null} donate={donate(u)} />
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{timesAreIn(timeZone)}</p>
    </>
  );
}
