import { describe, expect, it, vi } from 'vitest';
import { buildPushScript } from '../../../../scripts/rally-app-pwa';

type Listener = (event: unknown) => void;

/** Runs the built script as the worker would (importScripts), in a stand-in for the worker's scope. */
function workerWithPushScript() {
  const listeners = new Map<string, Listener>();
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) },
    location: { origin: 'https://rally.example' },
  };
  new Function('self', buildPushScript())(self);
  return { self, listeners };
}

describe('the rally app worker’s push script', () => {
  it('shows an organisers’ message as a notification, and a tap opens the rally app', async () => {
    const { self, listeners } = workerWithPushScript();
    expect([...listeners.keys()].sort()).toEqual(['notificationclick', 'push']);

    const waits: Promise<unknown>[] = [];
    listeners.get('push')!({
      data: { json: () => ({ title: 'Message from the organisers', body: 'Dinner at 8', tag: 'm-3' }), text: () => '' },
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Message from the organisers', {
      body: 'Dinner at 8',
      tag: 'm-3',
      icon: '/favicon.svg',
      data: { url: '/rally-app' },
    });

    const close = vi.fn();
    listeners.get('notificationclick')!({
      notification: { close, data: { url: '/rally-app' } },
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    await Promise.all(waits);
    expect(close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith('https://rally.example/rally-app');
  });
});
