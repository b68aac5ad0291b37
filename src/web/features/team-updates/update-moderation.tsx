import { useId, useState } from 'react';
import type { TeamUpdate } from '@common/schemas/team-updates';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAdminUpdates, useSetUpdateHidden } from './api';
import { timesAreIn } from '@common/rally-time';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { rallyDayTime } from '@common/rally-time';

function ModeratedUpdate({ update }: { update: TeamUpdate }) {
  const id = useId();
  const timeZone = useRallyTimeZone();
  const [reason, setReason] = useState('');
  const change = useSetUpdateHidden();
  const send = (hide: boolean) =>
    change.mutate(
      { id: update.id, ...(hide ? { reason } : {}) },
      {
        onSuccess: () => toast({ title: hide ? 'Update hidden' : 'Update shown again', description: update.teamName }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to change the update'), variant: 'destructive' }),
      },
    );
  return (
    <li className="flex flex-wrap gap-3 border-t border-slate-100 py-3">
      {update.photoUrl && (
        <a href={update.photoUrl} target="_blank" rel="noreferrer">
          <img src={update.photoUrl} alt={`Photo from ${update.teamName}`} className="w-32 rounded" />
        </a>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm">
          <span className="font-semibold text-navy-900">{update.teamName}</span> ·{' '}
          <time dateTime={update.createdAt}>{rallyDayTime(update.createdAt, timeZone)}</time>
          {update.hidden && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs font-semibold text-slate-800">Hidden</span>}
        </p>
        <p className="whitespace-pre-line break-words text-slate-800">{update.body}</p>
        {update.hidden ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-600">Reason: {update.hiddenReason}</p>
            <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => send(false)}>
              Show again
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex-1">
              <Label htmlFor={`${id}-reason`}>Reason to hide (the team reads it)</Label>
              <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
            <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => send(true)}>
              Hide
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The season's team updates, newest first, for organisers: hide one (with a reason) or show it again. */
export function UpdateModeration() {
  const { data, isError } = useAdminUpdates();
  const timeZone = useRallyTimeZone();
  if (isError) return <p className="text-rally-600">The updates could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label="Loading the team updates">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (!data.length) return <p className="text-sm text-slate-600">No team has posted an update this season yet.</p>;
  return (
    <>
      <p className="text-sm text-slate-600">{timesAreIn(timeZone)}</p>
      <ul>
        {data.map((u) => (
          <ModeratedUpdate key={u.id} update={u} />
        ))}
      </ul>
    </>
  );
}
