import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { memoryQueueStorage } from './memory-queue-storage';
import { newSharedQueue, RallyQueueProvider } from './rally-queue';
import { SHARE_EVERY_MS, usePositionSharing } from './use-position-sharing';

function Sharing({ on }: { on: boolean }) {
  usePositionSharing(on);
  return null;
}

function memoryQueue() {
  return newSharedQueue(memoryQueueStorage().storage);
}

// The hook is watched through the network only: the queue's state changes as each send settles, at
// moments no act() can bracket, so React runs here as in a browser, without act's warnings (which
// made this test fail or pass by timing).
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeEach(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  vi.useRealTimers();
});

describe('position sharing from the open rally app', () => {
  it('sends the phone’s position once every 30 s while sharing is on, each with its own id', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 49.18, longitude: -2.1, accuracy: 15 } } as GeolocationPosition),
      },
    });
    const net = interceptFetch({ 'POST /api/my-rally-app/positions': () => ({ stored: true }) });
    const positions = () => net.changes().filter((r) => r.url === '/api/my-rally-app/positions');
    renderForm(
      <RallyQueueProvider userId="u1" shared={memoryQueue()}>
        <Sharing on />
      </RallyQueueProvider>,
    );
    await vi.waitFor(() => expect(positions()).toHaveLength(1));
    expect(positions()[0]!.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      lat: 49.18,
      lng: -2.1,
      accuracy: 15,
      recordedAt: expect.any(String),
    });
    // Sending one is a change of the queue: it must not start another at once.
    await vi.advanceTimersByTimeAsync(SHARE_EVERY_MS - 1000);
    expect(positions()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(positions()).toHaveLength(2));
    const ids = positions().map((p) => (p.body as { clientId: string }).clientId);
    expect(new Set(ids).size).toBe(2);
  });
});
