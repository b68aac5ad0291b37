import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { listeningUrl, openEventStream, type EventStream } from '../../test/event-stream';
import { STREAMS_FULL } from './event-stream';

/**
 * Live streams are shared fairly: one client address may hold LIVE_STREAMS_PER_ADDRESS streams, so a
 * script cannot take every slot. The test's requests come through a trusted proxy (127.0.0.1) that
 * names the client in X-Forwarded-For, as the site's proxy would.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { LIVE_STREAM_LIMIT: '10', LIVE_STREAMS_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => app.close());

const from = (client: string) => ({ 'x-forwarded-for': client });

describe('live streams per client address', () => {
  it('one address holding its 3 streams cannot open a fourth, while another address still gets one', async () => {
    const held: EventStream[] = [];
    for (let i = 0; i < 3; i++) held.push(await openEventStream(app, '/api/live-events', from('203.0.113.7')));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${await listeningUrl(app)}/api/live-events`, { headers: from('203.0.113.7') });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await refused.json()).message).toBe(STREAMS_FULL);

    const other = await openEventStream(app, '/api/live-events', from('198.51.100.20'));
    expect(other.status).toBe(200);

    // A stream that closed frees its address's slot.
    held[0]!.close();
    await held[0]!.ended;
    await expect
      .poll(async () => {
        const again = await openEventStream(app, '/api/live-events', from('203.0.113.7'));
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const s of [...held, other]) s.close();
  });
});
