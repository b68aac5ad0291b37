import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { signUp } from './test/auth';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the app shell', () => {
  it('reports health when the database answers', async () => {
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers bad JSON with 400 and a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid JSON body');
  });

  it('answers a body that fails its schema with 400, message and issues', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'not-an-email', password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please enter a valid email address');
    expect(body.issues.length).toBeGreaterThanOrEqual(2);
  });

  it('answers an address without a page 404 with the app, which shows its 404 page; API addresses 404 with JSON', async () => {
    for (const url of ['/some/unknown/page', '/metrics', '/admin/nothing-here']) {
      const res = await app.inject(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toContain('text/html');
    }
    const page = await app.inject('/rally/2026?from=menu');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });

  it('hides the details of an unexpected failure', async () => {
    const broken = await createTestApp();
    await broken.database.close(); // every query now fails
    const res = await broken.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'whatever' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect((await broken.inject('/health')).statusCode).toBe(503);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    // The site's own origin: PUBLIC_URL, or in development http://localhost:PORT.
    const same = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: `http://localhost:${app.config.PORT}` } });
    expect(same.statusCode).toBe(200);
  });

  it('keeps the session across requests and never returns the password hash', async () => {
    const { cookie } = await signUp(app);
    const res = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'emailVerified', 'firstName', 'id', 'isAdmin', 'lastName']);
  });
});
