/**
 * The copies the rally app's service worker keeps of the team's reads (clues, score, who is
 * signed in), dropped when someone logs out, so the next person on the phone never sees them
 * without signal. The page's own shell is everyone's and stays. Acts still waiting stay too, kept
 * under their maker's account (idb-storage.ts), and are sent when they sign in again.
 */
export function forgetRallyAppCopies(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete('rally-app-data').catch(() => {});
}
