import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { users } from '../db/schema';
import { ensureAdmin } from './admin';
import { demoLoadedLine, seedDemoIfEmpty, DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo';
import { only } from '../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://rally.example.org' } });
});
afterAll(() => app.close());

const deps = () => ({ db: app.db, mailer: app.mail, config: app.config });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.9', payload: { email, password } });

describe('admin accounts', () => {
  it('promoting an existing user ends their sessions and requires a new password through a link', async () => {
    const { email, password, cookie } = await signUp(app, { firstName: 'Promo' });
    expect(await ensureAdmin(deps(), email, 'operator chosen password')).toBe('promoted');
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toBeNull();
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'operator chosen password')).statusCode).toBe(401);
    const mail = app.mail.sent.filter((m) => m.to === email && m.subject === 'Reset your Jersey Charity Rally password').at(-1)!;
    const token = new URL(/https:\/\/rally\.example\.org\/reset-password\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'the owner new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await login(email, 'the owner new passphrase');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().isAdmin).toBe(true);
    // Running again (ADMIN_EMAIL at every start) changes nothing.
    expect(await ensureAdmin(deps(), email, 'operator chosen password')).toBe('already-admin');
    expect((await login(email, 'the owner new passphrase')).statusCode).toBe(200);
  });

  it('creates a new admin with the operator password', async () => {
    const email = `new-admin-${Date.now()}@example.test`;
    expect(await ensureAdmin(deps(), email, 'operator chosen password')).toBe('created');
    expect((await login(email, 'operator chosen password')).json().isAdmin).toBe(true);
  });

  it('demo data in production gives no account a password, and the line the start logs names none', async () => {
    const seeded = await seedDemoIfEmpty(app.db, { production: true });
    expect(seeded).not.toBeNull();
    expect(seeded!.withPasswords).toBe(false);
    expect((await login(DEMO_ADMIN_EMAIL, DEMO_PASSWORD)).statusCode).toBe(401);
    for (const email of [DEMO_ADMIN_EMAIL, seeded!.rallierEmail])
      expect(only(await app.db.select().from(users).where(eq(users.email, email))).password).toBeNull();
    const line = demoLoadedLine(seeded!);
    expect(line).toContain(DEMO_ADMIN_EMAIL);
    expect(line).toMatch(/no password yet/);
    expect(line).not.toContain(DEMO_PASSWORD);
  });
});
