import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const TOKEN = 'a-metrics-token-for-the-tests-0123456789';
let app: TestApp;
let withoutToken: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  withoutToken = await createTestApp();
});
afterAll(async () => {
  await app?.close();
  await withoutToken?.close();
});

const scrape = (target: TestApp, authorization?: string) =>
  target.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('is not there at all when no METRICS_TOKEN is set', async () => {
    expect((await scrape(withoutToken)).statusCode).toBe(404);
    expect((await scrape(withoutToken, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('refuses without the token, or with another one, and says nothing of the figures', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(app, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('rally_');
    }
  });

  it('answers the token in Prometheus text format, naming every figure', async () => {
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    const res = await scrape(app, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const figures = [
      'process_resident_memory_bytes', // memory
      'process_cpu_seconds_total', // CPU
      'rally_http_requests_total', // requests by route and status
      'rally_http_request_duration_seconds', // and their durations
      'rally_db_pool_connections', // database pool use
      'rally_jobs', // job queue depth and failures by queue
      'rally_emails_sent_total',
      'rally_emails_failed_total',
      'rally_live_streams_open',
      'rally_backup_last_timestamp_seconds',
    ];
    for (const name of figures) expect(res.body, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    // A request counted under its route's pattern and status.
    expect(res.body).toContain('rally_http_requests_total{method="GET",route="/health",status="200"}');
    expect(res.body).toMatch(/^rally_db_pool_connections\{state="total"\} \d+$/m);
  });
});
