import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { sessions } from '../db/schema';
import { SESSION_TTL_MS } from './session';
import { DbSessionStore } from './session-store';

// A built web app of two files, so the static file routes exist.
const webDir = mkdtempSync(path.join(tmpdir(), 'rally-web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Rally</title></head><body></body></html>');
writeFileSync(path.join(webDir, 'assets', 'main-Ab12Cd34.js'), 'console.log(1);');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ webDir });
});
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

describe('session lifetime', () => {
  it('is 30 days for the cookie and for the stored session alike', async () => {
    expect(SESSION_TTL_MS).toBe(30 * 24 * 60 * 60 * 1000);
    const { email, password, user } = await signUp(app);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    const cookieLeft = new Date(cookie.expires!).getTime() - Date.now();
    expect(cookieLeft).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(cookieLeft).toBeLessThanOrEqual(SESSION_TTL_MS);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const left = row.expire.getTime() - Date.now();
      expect(left).toBeGreaterThan(SESSION_TTL_MS - 60_000);
      expect(left).toBeLessThanOrEqual(SESSION_TTL_MS);
    }
  });
});

describe('session work', () => {
  const storeCalls = () => ({ get: vi.spyOn(DbSessionStore.prototype, 'get'), set: vi.spyOn(DbSessionStore.prototype, 'set') });

  it('is skipped by public GETs: no session row read or written, no cookie sent, even for a signed-in visitor', async () => {
    const { cookie } = await signUp(app);
    const calls = storeCalls();
    const publicGets: [string, number][] = [
      ['/api/leaderboard', 200],
      ['/api/signups', 200],
      ['/api/participants', 200],
      ['/api/settings', 200],
      ['/api/past-rallies', 200],
      ['/api/home-page/testimonials', 200],
      ['/api/home-page/stats', 200],
      ['/api/route-maps', 200],
      ['/health', 200],
      ['/', 200],
      ['/teams', 200],
      ['/assets/main-Ab12Cd34.js', 200],
      ['/a/page/the/app/does/not/have', 404],
      ['/api/no-such-thing', 404],
    ];
    for (const [url, status] of publicGets) {
      const res = await app.inject({ url, headers: { cookie } });
      expect({ url, status: res.statusCode, setCookie: res.headers['set-cookie'] }).toEqual({ url, status, setCookie: undefined });
    }
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.set).not.toHaveBeenCalled();
  });

  it('still loads the session for the routes that read it, and rolls the cookie on', async () => {
    const { cookie, email } = await signUp(app);
    const calls = storeCalls();
    const res = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email });
    expect(calls.get).toHaveBeenCalledTimes(1);
    expect(calls.set).toHaveBeenCalledTimes(1);
    const rolled = res.cookies.find((c) => c.name === 'sid');
    expect(new Date(rolled!.expires!).getTime() - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
  });

  it('is skipped by a path no route serves, whatever the method: the not-found handler is outside the session scope', async () => {
    const { cookie } = await signUp(app);
    const calls = storeCalls();
    const post = await app.inject({ method: 'POST', url: '/api/no-such-thing', headers: { cookie } });
    expect({ status: post.statusCode, setCookie: post.headers['set-cookie'] }).toEqual({ status: 404, setCookie: undefined });
    expect(calls.get).not.toHaveBeenCalled();
    expect(calls.set).not.toHaveBeenCalled();
  });
});
