/**
 * The copies the rally app's service worker keeps of the team's reads (clues, score, who is
 * signed in) and of its page, which the server draws with those reads, dropped when someone logs
 * out, so the next person on the phone never sees them without signal. Acts still waiting stay,
 * kept under their maker's account (idb-storage.ts), and are sent when they sign in again.
 */
export function forgetRallyAppCopies(): void {
  if (typeof caches === 'undefined') return;
  for (const name of ['rally-app-data', 'rally-app-page']) void caches.delete(name).catch(() => {});
}
