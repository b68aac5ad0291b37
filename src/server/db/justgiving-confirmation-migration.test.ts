import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { insertTeam } from '../test/factories';
import { donations, justGivingPages } from './schema';
import { only } from '../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The data statements of the migration that introduced page confirmation (its number may change when merged). */
function dataStatements(): string[] {
  const dir = path.join(import.meta.dirname, 'migrations');
  const file = readdirSync(dir).find((f) => f.endsWith('_justgiving_page_confirmation.sql'));
  if (!file) throw new Error('the JustGiving page confirmation migration is missing');
  const statements = readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(UPDATE|DELETE)\b/m.test(s));
  if (!statements.length) throw new Error('the migration changes no rows');
  return statements;
}

/**
 * A team as the sync left it before the migration: a page read, never confirmed, and its ledger
 * line. Of this year's rally unless `rallyYear` says otherwise.
 */
async function syncedTeam(shortName: string, rallyYear?: number) {
  const team = await insertTeam(app.db, { rallyYear, justGivingUrl: `https://www.justgiving.com/fundraising/${shortName}` });
  await app.db
    .insert(justGivingPages)
    .values({ signupId: team.id, pageShortName: shortName, total: 12000, lastAttemptAt: new Date(), lastSuccessAt: new Date() });
  await app.db.insert(donations).values({
    signupId: team.id,
    amount: 12000,
    donorName: 'JustGiving supporters',
    paymentMethod: 'justgiving',
    source: 'justgiving',
    state: 'verified',
  });
  return team;
}

const lines = (signupId: number) =>
  app.db
    .select()
    .from(donations)
    .where(and(eq(donations.signupId, signupId), eq(donations.source, 'justgiving')));
const page = async (signupId: number) => only(await app.db.select().from(justGivingPages).where(eq(justGivingPages.signupId, signupId)));

describe('the JustGiving page confirmation migration', () => {
  it("keeps a past rally's JustGiving lines with their pages confirmed, and takes out only this year's unconfirmed ones", async () => {
    const current = await syncedTeam('this-years-page');
    const past = await syncedTeam('last-years-page', current.rallyYear - 1);
    for (const statement of dataStatements()) await app.db.execute(sql.raw(statement));

    expect(await lines(past.id)).toMatchObject([{ amount: 12000, state: 'verified' }]);
    expect((await page(past.id)).confirmedAt).not.toBeNull();
    expect(await lines(current.id)).toEqual([]);
    expect(await page(current.id)).toMatchObject({ total: 12000, confirmedAt: null });
  });
});
