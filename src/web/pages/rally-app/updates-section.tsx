import { useCallback } from 'react';
import { Clock, EyeOff } from 'lucide-react';
import { rallyDayTime } from '@common/rally-time';
import { PostUpdateForm, useMyUpdates, type NewTeamUpdate } from '../../features/team-updates';
import { Card, Skeleton } from '../../components/ui/card';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { siteNow, useRallyQueue } from '../../features/rally-app';
import { FollowerCount } from '../../features/followers';
import type { RallyAppSectionProps } from './rally-app-sections';

/** How many of the team's own updates the app shows under the form. */
const RECENT = 5;

/** The team's updates as the site has them, newest first; a hidden one says why the organisers hid it. */
function RecentUpdates() {
  const mine = useMyUpdates();
  const timeZone = useRallyTimeZone();
  if (mine.isError)
    return <p className="text-sm text-slate-600">Your updates could not be loaded. They will show when the phone has signal.</p>;
  if (!mine.data)
    return (
      <div role="status" aria-label="Loading your updates">
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (!mine.data.length) return <p className="text-sm text-slate-600">You have not posted an update yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Your updates">
      {mine.data.slice(0, RECENT).map((u) => (
        <li key={u.id} className="space-y-1 rounded-lg border border-slate-200 p-3">
          <p className="text-xs text-slate-500">
            <time dateTime={u.createdAt}>{rallyDayTime(u.createdAt, timeZone)}</time>
            {u.photoUrl ? ' · with a photo' : ''}
          </p>
          <p className="whitespace-pre-line">{u.body}</p>
          {u.hidden && (
            <p className="flex items-start gap-2 text-sm font-semibold text-rally-600">
              <EyeOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> Hidden by the organisers:{' '}
              {u.hiddenReason ?? 'no reason was given.'}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Post an update": words and a photo for supporters on /live and the team's donate page. It goes
 * through the phone's queue, so it is kept without signal (photo too) and posted once when it is back.
 */
export function UpdatesSection({ rally }: RallyAppSectionProps) {
  const { add, pending } = useRallyQueue();
  const queue = useCallback(
    ({ clientId, body, photo }: NewTeamUpdate) =>
      add({ kind: 'update', clientId, madeAt: siteNow().toISOString(), body, ...(photo ? { photo } : {}) }),
    [add],
  );
  const waiting = pending.filter((a) => a.kind === 'update').length;
  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title" className="mb-2 text-xl font-bold text-navy-900">
        Post an update
      </h2>
      <Card className="space-y-4 p-5">
        <FollowerCount signupId={rally.team.id} />
        <PostUpdateForm onSubmit={queue} pendingLabel="Keeping it on the phone…" />
        {waiting > 0 && (
          <p className="flex items-center gap-2 font-semibold text-amber-700">
            <Clock className="h-5 w-5" aria-hidden /> {waiting === 1 ? 'Update waiting to send' : `${waiting} updates waiting to send`}
          </p>
        )}
        <h3 className="font-semibold text-navy-900">Your recent updates</h3>
        <RecentUpdates />
      </Card>
    </section>
  );
}
