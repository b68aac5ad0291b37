import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { Sos, SosInput } from '@common/schemas/control-room';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { postSos, useMyRallyStatus } from './api';
import { phonePosition } from './phone-position';
import { controlRoomKeys } from './query-keys';
import { useRetriedSend } from './retried-send';
import { clockTime } from './time-ago';

/**
 * The rally app's SOS: a first tap asks to confirm (with an optional note), the second sends it
 * with the phone's position when it gives one. Without signal it keeps trying (the same id, so the
 * organisers get one SOS). `send` lets the rally app pass it through its own offline queue instead.
 */
export function SosButton({ send = postSos }: { send?: (input: SosInput) => Promise<Sos> }) {
  const id = useId();
  const queryClient = useQueryClient();
  const status = useMyRallyStatus();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  const { status: sending, start } = useRetriedSend(async (input: SosInput) => {
    const sos = await send(input);
    void queryClient.invalidateQueries({ queryKey: controlRoomKeys.myStatus });
    return sos;
  });

  const raise = async () => {
    setConfirming(false);
    const clientId = crypto.randomUUID();
    const position = await phonePosition();
    await start({ clientId, ...(position ? { position } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  const open = sending.state === 'sent' ? sending.result : status.data?.openSos;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="sr-only">
        SOS
      </h2>
      {sending.state === 'sending' ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {sending.attempt === 1 ? 'Sending your SOS…' : 'No signal yet: still trying to send your SOS…'}
        </p>
      ) : open && !open.resolvedAt ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 text-red-900">
          <strong>SOS sent at {clockTime(open.raisedAt)}.</strong> The organisers have been told and will contact you. In danger, call 112.
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
