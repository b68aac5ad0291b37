import { CloudOff } from 'lucide-react';
import { useRallyQueue } from '../rally-queue';

/** How many of the team's acts wait on the phone, shown only while some do. */
export function QueueStatus() {
  const { pending, waitingForSignal } = useRallyQueue();
  const count = pending.length;
  if (count === 0) return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl bg-amber-100 p-4 font-semibold text-amber-900">
      <CloudOff className="h-5 w-5 shrink-0" aria-hidden />
      {waitingForSignal ? `Waiting for signal: ${count} to send` : `Sending ${count}…`}
    </p>
  );
}
