import { describe, expect, it, vi } from 'vitest';
import { buildFollowerWorker } from './follower-worker';

type Listener = (event: unknown) => void;

/** Runs the built worker in a stand-in for a service worker's scope. */
function followerWorker() {
  const listeners = new Map<string, Listener>();
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => [] as { url: string; focus: () => Promise<unknown> }[]), openWindow: vi.fn(async () => null) },
    location: { origin: 'https://rally.example' },
  };
  new Function('self', buildFollowerWorker())(self);
  return { self, listeners };
}

const waits: Promise<unknown>[] = [];
const waitUntil = (p: Promise<unknown>) => waits.push(p);

describe('the followers’ service worker', () => {
  it('listens for pushes and taps only (no fetch: it never stands between a page and the site)', () => {
    expect([...followerWorker().listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
  });

  it('shows a team’s update, and a tap opens it on the team’s donate page', async () => {
    const { self, listeners } = followerWorker();
    listeners.get('push')!({
      data: {
        json: () => ({
          title: 'Clueless in Cannes: news from the road',
          body: 'Made it to Reims',
          url: '/donate/5#team-updates',
          tag: 'team-update-9',
        }),
        text: () => '',
      },
      waitUntil,
    });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Clueless in Cannes: news from the road', {
      body: 'Made it to Reims',
      tag: 'team-update-9',
      icon: '/favicon.svg',
      data: { url: '/donate/5#team-updates' },
    });
    const close = vi.fn();
    listeners.get('notificationclick')!({ notification: { close, data: { url: '/donate/5#team-updates' } }, waitUntil });
    await Promise.all(waits);
    expect(close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith('https://rally.example/donate/5#team-updates');
  });

  it('brings forward a window already on the update rather than opening another', async () => {
    const { self, listeners } = followerWorker();
    const focus = vi.fn(async () => null);
    self.clients.matchAll.mockResolvedValueOnce([{ url: 'https://rally.example/donate/5#team-updates', focus }]);
    listeners.get('notificationclick')!({ notification: { close: () => {}, data: { url: '/donate/5#team-updates' } }, waitUntil });
    await Promise.all(waits);
    expect(focus).toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('shows a push without a title or address as news from the road, opening /live, not the rally app', async () => {
    const { self, listeners } = followerWorker();
    listeners.get('push')!({ data: null, waitUntil });
    expect(self.registration.showNotification).toHaveBeenCalledWith('News from the road', {
      body: '',
      tag: undefined,
      icon: '/favicon.svg',
      data: { url: '/live' },
    });
    listeners.get('notificationclick')!({ notification: { close: () => {}, data: undefined }, waitUntil });
    await Promise.all(waits);
    expect(self.clients.openWindow).toHaveBeenCalledWith('https://rally.example/live');
  });
});
