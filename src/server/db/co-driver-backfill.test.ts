import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/auth';
import { insertTeam } from '../test/factories';
import { signups } from './schema';
import { only } from '../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The backfill statement of the migration that introduced co-driver acceptances (its number may change when merged). */
function backfill(): string {
  const dir = path.join(import.meta.dirname, 'migrations');
  const file = readdirSync(dir).find((f) => f.endsWith('_co_driver_acceptance.sql'));
  if (!file) throw new Error('the co-driver acceptance migration is missing');
  const statement = readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('UPDATE "signups"'));
  if (!statement) throw new Error('the migration has no backfill');
  return statement;
}

describe('the co-driver acceptance migration', () => {
  it('keeps every co-driver who saw their team (a verified account with the address) on it, and no one else', async () => {
    const verified = await signUp(app, { email: `kept-${Date.now()}@example.test` });
    const unverified = await signUp(app, { email: `pending-${Date.now()}@example.test`, verified: false });
    // Rows as they stood before the migration: only the address names the co-driver.
    const kept = await insertTeam(app.db, { coDriverEmail: ` ${verified.email.toUpperCase()} ` });
    const pending = await insertTeam(app.db, { coDriverEmail: unverified.email });
    await app.db.execute(sql.raw(backfill()));

    expect(only(await app.db.select().from(signups).where(eq(signups.id, kept.id)))).toMatchObject({ coDriverUserId: verified.user.id });
    expect(only(await app.db.select().from(signups).where(eq(signups.id, pending.id)))).toMatchObject({
      coDriverUserId: null,
      coDriverAcceptedAt: null,
    });
    const res = await app.inject({ url: '/api/my-signup', headers: { cookie: verified.cookie } });
    expect(res.json()).toMatchObject({ id: kept.id, role: 'co-driver' });
  });
});
