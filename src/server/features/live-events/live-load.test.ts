import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { listeningUrl, openEventStream } from '../../test/event-stream';
import { notifyLive } from '../../services/live-events';
import { FULL_RETRY_AFTER_S, STREAMS_FULL } from './event-stream';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { LIVE_STREAM_LIMIT: '2', LIVE_GATHER_MS: '300' } });
});
afterAll(() => app.close());

describe('the live event stream under load', () => {
  it('refuses a stream beyond the limit with 503 and Retry-After, and counts a stream that left no more', async () => {
    const first = await openEventStream(app, '/api/live-events');
    const second = await openEventStream(app, '/api/live-events');
    const refused = await fetch(`${await listeningUrl(app)}/api/live-events`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(FULL_RETRY_AFTER_S));
    expect((await refused.json()).message).toBe(STREAMS_FULL);
    first.close();
    await first.ended;
    await expect
      .poll(async () => {
        const again = await openEventStream(app, '/api/live-events');
        again.close();
        return again.status;
      })
      .toBe(200);
    second.close();
  });

  it('passes a burst of changes on as fewer events, the last of them never lost', async () => {
    const stream = await openEventStream(app, '/api/live-events');
    // Ten teams answer in the same instant: ten NOTIFYs delivered together when this commits.
    await app.db.transaction(async (tx) => {
      for (let signupId = 1; signupId <= 10; signupId++) await notifyLive(tx, { kind: 'standings.changed', signupId });
    });
    // The burst's events after the first are merged into one that names no team.
    await stream.next((e: { kind: string; signupId?: number }) => e.kind === 'standings.changed' && e.signupId === undefined);
    await notifyLive(app.db, { kind: 'positions.changed', id: 99 });
    await stream.next((e: { id?: number }) => e.id === 99);
    const received = stream.text().match(/standings\.changed/g) ?? [];
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThanOrEqual(2);
    stream.close();
  });

  it("never passes the organisers' own events to the public stream", async () => {
    const stream = await openEventStream(app, '/api/live-events');
    await notifyLive(app.db, { kind: 'admin.photos.changed', id: 5 });
    await notifyLive(app.db, { kind: 'positions.changed', id: 6 });
    await stream.next((e: { id?: number }) => e.id === 6);
    expect(stream.text()).not.toContain('admin.');
    stream.close();
  });
});
