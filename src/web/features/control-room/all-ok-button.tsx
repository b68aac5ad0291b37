import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { postAllOk, useMyRallyStatus } from './api';
import { controlRoomKeys } from '../../query-keys/control-room';
import { useOneSend } from './one-send';
import { rallyTime } from '@common/rally-time';
import { useRallyTimeZone } from '../../lib/rally-settings';

/**
 * "All OK tonight": one tap each evening tells the organisers the team is safe. Once the site has
 * it (from either phone) it shows when. `send` is the rally app's offline queue, which keeps it
 * (with its id made on the phone) until there is signal, `queued` while it does, and `loginNeeded`
 * when the site asked the team to log in first (then it is not on its way); without one it is posted once.
 */
export function AllOkButton({
  send = postAllOk,
  queued,
  loginNeeded = false,
}: {
  send?: (clientId: string) => Promise<unknown>;
  queued?: boolean;
  loginNeeded?: boolean;
}) {
  const queryClient = useQueryClient();
  const timeZone = useRallyTimeZone();
  const status = useMyRallyStatus();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: controlRoomKeys.myStatus }), [queryClient]);
  const { status: sending, start } = useOneSend(send, refresh);
  const done = status.data?.allOkToday;
  // Given the queue's word (`queued`), it alone says whether it waits: one it settled is no longer on its way.
  const onItsWay = queued ?? sending.state === 'handed-over';
  if (!status.data && !status.isError && sending.state === 'idle')
    return (
      <div role="status" aria-label="Loading tonight's All OK">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (done)
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-green-900">
        <CheckCircle2 aria-hidden className="h-5 w-5" /> All OK tonight sent at {rallyTime(done.at, timeZone)}.
      </p>
    );
  return (
    <div className="space-y-1">
      <Button
        size="lg"
        className="w-full"
        disabled={onItsWay || sending.state === 'sending'}
        onClick={() => void start(crypto.randomUUID())}
      >
        <CheckCircle2 aria-hidden className="h-5 w-5" /> All OK tonight
      </Button>
      {onItsWay && (
        <p role="status" className="text-sm text-slate-600">
          {loginNeeded ? 'Not sent: log in to send it.' : 'On its way: it goes to the organisers the moment the phone has signal.'}
        </p>
      )}
      {sending.state === 'failed' && (
        <p role="alert" className="text-sm text-rally-600">
          {sending.message}
        </p>
      )}
    </div>
  );
}
