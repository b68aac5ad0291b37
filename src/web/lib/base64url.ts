/** Bytes of a base64url string (a VAPID public key, as PushManager.subscribe wants it). */
export const fromBase64Url = (s: string) => {
  const base64 = (s + '='.repeat((4 - (s.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};
