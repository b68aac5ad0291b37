import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import type { AllOk } from '@common/schemas/control-room';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { postAllOk, useMyRallyStatus } from './api';
import { controlRoomKeys } from './query-keys';
import { useRetriedSend } from './retried-send';
import { clockTime } from './time-ago';

/**
 * "All OK tonight": one tap each evening tells the organisers the team is safe. Once sent (by
 * either phone) it shows when. Without signal it keeps trying with the same id; `send` lets the
 * rally app pass it through its own offline queue instead.
 */
export function AllOkButton({ send = postAllOk }: { send?: (clientId: string) => Promise<AllOk> }) {
  const queryClient = useQueryClient();
  const status = useMyRallyStatus();
  const { status: sending, start } = useRetriedSend(async (clientId: string) => {
    const ok = await send(clientId);
    void queryClient.invalidateQueries({ queryKey: controlRoomKeys.myStatus });
    return ok;
  });
  const done = sending.state === 'sent' ? sending.result : status.data?.allOkToday;
  if (!status.data && !status.isError && sending.state === 'idle')
    return (
      <div role="status" aria-label="Loading tonight's All OK">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (done)
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-green-900">
        <CheckCircle2 aria-hidden className="h-5 w-5" /> All OK tonight sent at {clockTime(done.at)}.
      </p>
    );
  return (
    <div className="space-y-1">
      <Button size="lg" className="w-full" disabled={sending.state === 'sending'} onClick={() => void start(crypto.randomUUID())}>
        <CheckCircle2 aria-hidden className="h-5 w-5" /> All OK tonight
      </Button>
      {sending.state === 'sending' && sending.attempt > 1 && (
        <p role="status" className="text-sm text-slate-600">
          No signal yet: still trying…
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
