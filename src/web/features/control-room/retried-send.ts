import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';

/** How long the phone waits before trying again without signal. */
export const RETRY_MS = 5_000;

/** Worth trying again: no answer at all (no signal) or the site failing for a moment; a 4xx will not change. */
const retryable = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

export type SendState<T> =
  { state: 'idle' } | { state: 'sending'; attempt: number } | { state: 'sent'; result: T } | { state: 'failed'; message: string };

/**
 * Sends one act of the team (an SOS, an All OK) until it reaches the site: the caller's input
 * carries an id made on the phone, so every retry is the same act and the site counts it once. It
 * keeps trying every few seconds while the screen is open; a refusal (4xx) stops it with the message.
 */
export function useRetriedSend<I, T>(send: (input: I) => Promise<T>) {
  const [status, setStatus] = useState<SendState<T>>({ state: 'idle' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const start = useCallback(
    async (input: I) => {
      for (let attempt = 1; alive.current; attempt++) {
        setStatus({ state: 'sending', attempt });
        try {
          const result = await send(input);
          if (alive.current) setStatus({ state: 'sent', result });
          return;
        } catch (err) {
          if (!retryable(err)) {
            if (alive.current) setStatus({ state: 'failed', message: errorMessage(err, 'It could not be sent') });
            return;
          }
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    },
    [send],
  );
  return { status, start };
}
