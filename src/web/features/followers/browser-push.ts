import type { PushSubscriptionInput } from '@common/schemas/control-room';
import { getFollowerPushKey } from './api';
import { fromBase64Url } from '../../lib/base64url';

/**
 * The followers' push-only worker (scripts/follower-worker.ts). Its scope is a path no page has,
 * so it controls no page and never overlaps the rally app's worker (/rally-app).
 */
const WORKER = '/follower-sw.js';
const WORKER_SCOPE = '/follower-push/';

/** Whether this browser can be notified of a team's updates (checked in the browser only). */
export const browserCanBeNotified = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export type BrowserPush = { subscription: PushSubscriptionInput } | { notNotified: 'denied' | 'failed' };

/** A registration's worker once it is active: PushManager.subscribe refuses one still installing. */
function active(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return Promise.resolve(registration);
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(registration);
      else if (worker.state === 'redundant') reject(new Error('The worker did not start'));
    });
  });
}

/**
 * "Also notify this browser": asks for notifications first (while the click still counts, as
 * browsers require), then registers the followers' worker and subscribes with the site's key. Says
 * why when the browser will not be notified, so the form can tell the supporter.
 */
export async function subscribeThisBrowser(): Promise<BrowserPush> {
  try {
    if ((await Notification.requestPermission()) !== 'granted') return { notNotified: 'denied' };
    const registration = await active(await navigator.serviceWorker.register(WORKER, { scope: WORKER_SCOPE }));
    const { publicKey } = await getFollowerPushKey();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return { notNotified: 'failed' };
    return { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
  } catch {
    return { notNotified: 'failed' };
  }
}
