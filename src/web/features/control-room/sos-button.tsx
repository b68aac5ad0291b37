import { useCallback, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { SosInput } from '@common/schemas/control-room';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { postSos, useMyRallyStatus } from './api';
import { phonePosition } from '../../lib/phone-position';
import { controlRoomKeys } from '../../query-keys/control-room';
import { useOneSend } from './one-send';
import { rallyTime } from '@common/rally-time';
import { useRallyTimeZone } from '../../lib/rally-settings';

/**
 * An SOS kept on the phone that the site does not have yet (the rally app's queue): on its way, or
 * NOT sent because the site asked the team to log in again.
 */
export type QueuedSos = { loginNeeded: boolean; loginHref: string; organisers: string };

/**
 * The rally app's SOS: a first tap asks to confirm (with an optional note), the second sends it
 * with the phone's position when it gives one and an id made on the phone (so the organisers get
 * one SOS however often it is sent). `send` is the rally app's offline queue, which keeps it until
 * there is signal; without one it is posted once. The team's status says when the site has it.
 */
export function SosButton({ send = postSos, queued }: { send?: (input: SosInput) => Promise<unknown>; queued?: QueuedSos | null }) {
  const timeZone = useRallyTimeZone();
  const id = useId();
  const queryClient = useQueryClient();
  const status = useMyRallyStatus();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: controlRoomKeys.myStatus }), [queryClient]);
  const { status: sending, start } = useOneSend(send, refresh);

  const raise = async () => {
    setConfirming(false);
    const clientId = crypto.randomUUID();
    const position = await phonePosition();
    await start({ clientId, ...(position ? { position } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  const open = status.data?.openSos;
  // Given the queue's word (`queued`), it alone says whether the SOS waits: one it settled is no longer on its way.
  const onItsWay = sending.state === 'sending' || (queued === undefined ? sending.state === 'handed-over' : queued !== null);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="sr-only">
        SOS
      </h2>
      {open && !open.resolvedAt ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 text-red-900">
          <strong>SOS sent at {rallyTime(open.madeAt, timeZone)}.</strong> The organisers have been told and will contact you. In danger,
          call 112.
        </p>
      ) : queued?.loginNeeded ? (
        <div role="alert" className="space-y-1 rounded-lg border-2 border-rally-600 bg-red-50 p-3 text-red-900">
          <p className="font-bold">Your SOS is NOT sent: log in to send it.</p>
          <p>
            <a href={queued.loginHref} className="font-semibold underline">
              Log in
            </a>{' '}
            and it goes at once. Meanwhile reach the organisers ({queued.organisers}); in danger, call 112.
          </p>
        </div>
      ) : onItsWay ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          Your SOS is on its way: it goes to the organisers the moment the phone has signal. In danger, call 112.
        </p>
      ) : confirming ? (
        <div className="space-y-3 rounded-lg border-2 border-rally-600 p-3">
          <p className="font-semibold text-red-900">Send an SOS to the organisers now?</p>
          <div>
            <Label htmlFor={`${id}-note`}>What happened (optional)</Label>
            <Textarea id={`${id}-note`} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="flex gap-2">
            <Button variant="destructive" onClick={() => void raise()}>
              Yes, send SOS
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="destructive" size="lg" className="w-full" onClick={() => setConfirming(true)}>
          <AlertTriangle aria-hidden className="h-5 w-5" /> SOS
        </Button>
      )}
      {sending.state === 'failed' && (
        <p role="alert" className="text-sm text-rally-600">
          The SOS was refused: {sending.message}
        </p>
      )}
    </section>
  );
}
