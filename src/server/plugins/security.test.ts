import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('sends a content security policy without inline scripts, and frame rules that allow our own embed', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("frame-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets our own pages frame the route-map embed', async () => {
    const res = await app.inject('/embeds/route-map?route=y2018&duration=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('marks answers with personal data as not to be stored', async () => {
    const { cookie } = await signUp(app);
    const res = await app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets an httpOnly, SameSite=Lax session cookie, Secure over HTTPS', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'cookie@example.test', password: 'long enough pass' },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const secure = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const overHttps = await secure.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'tls@example.test', password: 'long enough pass' },
    });
    expect(overHttps.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    await secure.close();
  });
});
