/**
 * The service worker's side of Web Push. The rally app's service worker calls these from its own
 * `push` and `notificationclick` listeners for the organisers' messages, and the followers' worker
 * (scripts/follower-worker.ts) for a team's updates, with its own fallbacks:
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

/** What a message without its own title or address shows and opens. */
export type PushFallback = { title: string; url: string };
const RALLY_APP: PushFallback = { title: 'Message from the organisers', url: '/rally-app' };

function readPayload(event: PushLikeEvent): Payload {
  if (!event.data) return {};
  try {
    return event.data.json() as Payload;
  } catch {
    return { body: event.data.text() };
  }
}

/** Shows the message as a notification; a later message with the same tag replaces it. */
export function showPush(event: PushLikeEvent, scope: WorkerScope, fallback: PushFallback = RALLY_APP): void {
  const payload = readPayload(event);
  event.waitUntil(
    scope.registration.showNotification(payload.title || fallback.title, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/favicon.svg',
      data: { url: payload.url || fallback.url },
    }),
  );
}

/** A tap on the notification opens its page (or brings its open window forward). */
export function openFromNotification(event: NotificationClickLikeEvent, scope: WorkerScope, fallback: PushFallback = RALLY_APP): void {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | undefined)?.url ?? fallback.url;
  const url = new URL(path, scope.location.origin).href;
  event.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(url));
      return open ? open.focus() : scope.clients.openWindow(url);
    }),
  );
}
