/**
 * The followers' service worker (docs/features/followers.md): push only, so a supporter's browser
 * shows a team's updates and a tap opens them. It has no fetch listener and caches nothing. The
 * follow form registers it at /follower-sw.js with a scope no page has (FOLLOWER_WORKER_SCOPE), so
 * it never controls a page and never meets the rally app's worker (scope /rally-app); push events
 * reach a worker whatever page is open.
 */
import type { Plugin } from 'vite';
import { buildPushScript } from './rally-app-pwa';

export const FOLLOWER_WORKER_FILE = 'follower-sw.js';

/** What a push without its own title or address shows and opens. */
export const FOLLOWER_PUSH_FALLBACK = { title: 'News from the road', url: '/live' };

export const buildFollowerWorker = () => buildPushScript(FOLLOWER_PUSH_FALLBACK);

/** Writes the worker at the root of the client build (before precompression, which compresses it too). */
export function followerWorker(): Plugin {
  return {
    name: 'follower-worker',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FOLLOWER_WORKER_FILE, source: buildFollowerWorker() });
    },
  };
}
