import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';

export type SendState = { state: 'idle' } | { state: 'sending' } | { state: 'handed-over' } | { state: 'failed'; message: string };

/**
 * Hands one act of the team (an SOS, an All OK) to `send` once. The rally app's `send` keeps it on
 * the phone and sends it until the site has it (its queue), so there is no retrying here: resolved
 * means "on its way", and the team's status (GET /api/my-rally-app/status) says when the site has it.
 */
export function useOneSend<I>(send: (input: I) => Promise<unknown>, onHandedOver: () => void) {
  const [status, setStatus] = useState<SendState>({ state: 'idle' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const start = useCallback(
    async (input: I) => {
      setStatus({ state: 'sending' });
      try {
        await send(input);
        onHandedOver();
        if (alive.current) setStatus({ state: 'handed-over' });
      } catch (err) {
        if (alive.current) setStatus({ state: 'failed', message: errorMessage(err, 'It could not be sent') });
      }
    },
    [send, onHandedOver],
  );
  return { status, start };
}
