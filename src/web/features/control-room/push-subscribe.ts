import { getPushPublicKey, savePushSubscription } from './api';
import { fromBase64Url } from '../../lib/base64url';

/** Whether this browser can show the site's notifications: Notification, Push and a service worker registered by the rally app. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined' || !('Notification' in window) || !('PushManager' in window) || !('serviceWorker' in navigator))
    return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** True when this phone already gets the organisers' messages as notifications. */
export async function isSubscribed(): Promise<boolean> {
  const registration = await pushRegistration();
  if (!registration || Notification.permission !== 'granted') return false;
  return (await registration.pushManager.getSubscription()) !== null;
}

/**
 * Asks the person for notifications, subscribes through the service worker's push manager with the
 * site's VAPID key, and gives the subscription to the site. 'denied' when the person said no.
 */
export async function subscribeToPush(): Promise<'subscribed' | 'denied' | 'unsupported'> {
  const registration = await pushRegistration();
  if (!registration) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { publicKey } = await getPushPublicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await savePushSubscription({ endpoint, keys });
  return 'subscribed';
}
