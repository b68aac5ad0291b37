import type { QueryClient } from '@tanstack/react-query';
import { currentUserKey } from '../../lib/auth';
import { controlRoomKeys } from '../../query-keys/control-room';
import { clueKeys } from '../../query-keys/clues';
import { teamUpdateKeys } from '../../query-keys/team-updates';
import { trackingKeys } from '../../query-keys/tracking';
import { rallyAppKeys } from '../../query-keys/rally-app';

/**
 * The rally app's service worker (scripts/rally-app-pwa.ts), registered by this page only, with
 * the scope /rally-app. The first time it takes the page over, the page and its reads are fetched
 * once more through it, so it keeps them for a later visit without signal.
 */
export function registerRallyAppWorker(client: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const keep = () => {
    void fetch('/rally-app', { credentials: 'include' }).catch(() => {});
    const reads = [
      rallyAppKeys.myClues,
      clueKeys.publicStandings,
      currentUserKey,
      trackingKeys.mine,
      controlRoomKeys.myMessages,
      controlRoomKeys.myStatus,
      teamUpdateKeys.mine,
    ];
    for (const queryKey of reads) void client.invalidateQueries({ queryKey });
  };
  if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', keep, { once: true });
  navigator.serviceWorker.register('/sw.js', { scope: '/rally-app' }).catch(() => {
    // Without a worker the app still works while there is signal; nothing to tell the team.
  });
}
