/**
 * The service worker's side of the organisers' messages (Web Push). The rally app's service worker
 * calls these from its own `push` and `notificationclick` listeners:
 *
 *   import { openFromNotification, showPush } from '../features/control-room/push-handler';
 *   self.addEventListener('push', (event) => showPush(event, self));
 *   self.addEventListener('notificationclick', (event) => openFromNotification(event, self));
 *
 * The types are the few members used, so this file builds with the page's DOM types too.
 */
type Payload = { title?: string; body?: string; url?: string; tag?: string };
type WorkerScope = {
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly { url: string; focus(): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
};
type PushLikeEvent = { data: { json(): unknown; text(): string } | null; waitUntil(p: Promise<unknown>): void };
type NotificationClickLikeEvent = { notification: { close(): void; data?: unknown }; waitUntil(p: Promise<unknown>): void };

const FALLBACK_TITLE = 'Message from the organisers';

function readPayload(event: PushLikeEvent): Payload {
  if (!event.data) return {};
  try {
    return event.data.json() as Payload;
  } catch {
    return { body: event.data.text() };
  }
}

/** Shows the message as a notification; a later message with the same tag replaces it. */
export function showPush(event: PushLikeEvent, scope: WorkerScope): void {
  const payload = readPayload(event);
  event.waitUntil(
    scope.registration.showNotification(payload.title || FALLBACK_TITLE, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/favicon.svg',
      data: { url: payload.url || '/rally-app' },
    }),
  );
}

/** A tap on the notification opens the rally app (or brings its open window forward). */
export function openFromNotification(event: NotificationClickLikeEvent, scope: WorkerScope): void {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | undefined)?.url ?? '/rally-app';
  const url = new URL(path, scope.location.origin).href;
  event.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(url));
      return open ? open.focus() : scope.clients.openWindow(url);
    }),
  );
}
