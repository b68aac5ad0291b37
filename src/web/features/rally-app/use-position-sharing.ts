import { useEffect } from 'react';
import { phonePosition } from '../../lib/phone-position';
import { useRallyQueue } from './rally-queue';
import { siteNow } from './site-clock';

/** How often the open app sends where the phone is, while the team shares its position. */
export const SHARE_EVERY_MS = 30_000;

/**
 * While the app is open and the team's sharing is on, the phone's position every 30 s, through the
 * queue (kept without signal and sent later, each with its own id, so a retry stores it once).
 */
export function usePositionSharing(sharing: boolean) {
  const { add } = useRallyQueue();
  useEffect(() => {
    if (!sharing) return;
    let stopped = false;
    const share = async () => {
      const position = await phonePosition();
      if (stopped || !position) return;
      // By the site's clock, as every act: a phone clock well ahead would have each position refused as "in the future".
      await add({ kind: 'position', clientId: crypto.randomUUID(), ...position, recordedAt: siteNow().toISOString() });
    };
    void share();
    const timer = window.setInterval(() => void share(), SHARE_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [sharing, add]);
}
