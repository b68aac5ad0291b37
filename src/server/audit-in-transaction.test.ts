import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/app';
import { signUp, signUpAdmin } from './test/auth';
import { insertTeam } from './test/factories';
import { dataDigester } from './test/data-digest';
import { auditLog } from './db/schema';
import type { RallySettings } from '../common/schemas/rally-settings';

/**
 * An audit row is written in the transaction of the change it records: when the audit insert
 * fails, the change is undone with it. A trigger makes every insert into audit_log fail, and each
 * audited change below must then answer 500 and leave every table as it was. With the trigger gone,
 * the same requests go through, so each one is a real change.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let holder: Awaited<ReturnType<typeof signUp>>;
let digest: () => Promise<string>;
const ids = { contact: 0, draft: 0, photo: 0, team: 0, depositTeam: 0 };
let settings: Omit<RallySettings, 'year'>;
const erasedEmail = 'erase-me@example.test';

type Change = {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object | Promise<object>;
  asHolder?: boolean;
};

/** Audited changes of many features; the deletions come last, so the others still find their rows. */
const changes: Change[] = [
  {
    name: 'a past rally edited',
    method: 'PUT',
    url: () => '/api/admin/past-rallies/2018',
    payload: () => ({
      destination: 'Monaco',
      title: 'Back to Monaco',
      description: 'The tenth rally went back to Monaco.',
      distance: '1,421 km',
      duration: '22.1h',
      routeId: 'y2018',
      imageUrl: '/images/rallies/2018/main.webp',
      plateImageUrl: '/images/rallies/2018/plate.webp',
    }),
  },
  {
    name: 'a photo captioned',
    method: 'PATCH',
    url: () => `/api/admin/past-rallies/2018/photos/${ids.photo}`,
    payload: () => ({ caption: 'Finish' }),
  },
  {
    name: 'a winners row added',
    method: 'POST',
    url: () => '/api/admin/winners',
    payload: () => ({ year: 2014, destination: 'Bordeaux', winners: 'Ann & Tom', teamName: 'Claret' }),
  },
  {
    name: 'a winners row edited',
    method: 'PUT',
    url: () => '/api/admin/winners/2018',
    payload: () => ({ destination: 'Monaco', winners: 'Paul & Steve', teamName: 'Bust' }),
  },
  {
    name: 'a story added',
    method: 'POST',
    url: () => '/api/admin/home-page/testimonials',
    payload: () => ({ quote: 'Best trip ever.', author: 'Ann L.', rallyLabel: 'Monaco' }),
  },
  {
    name: 'the stories reordered',
    method: 'PUT',
    url: () => '/api/admin/home-page/testimonial-order',
    payload: async () => ({
      ids: ((await app.inject({ url: '/api/home-page/testimonials' })).json() as { id: number }[]).map((t) => t.id).reverse(),
    }),
  },
  {
    name: 'the home page figures changed',
    method: 'PUT',
    url: () => '/api/admin/home-page/stats',
    payload: () => ({
      historicFundsPence: 1_000,
      historicFundsThroughYear: 2018,
      overrides: { rallies: '99', ralliers: '', kilometres: '', funds: '' },
    }),
  },
  {
    name: 'a route drawn',
    method: 'PUT',
    url: () => '/api/admin/route-maps/2018',
    payload: () => ({
      stops: [
        { name: 'Jersey', coordinates: [-2.1, 49.2] },
        { name: 'Granville', coordinates: [-1.6, 48.8] },
      ],
    }),
  },
  {
    name: 'the settings changed',
    method: 'PUT',
    url: () => '/api/admin/settings',
    payload: () => ({ ...settings, costNote: 'A new note on the cost.' }),
  },
  {
    name: 'a contact added',
    method: 'POST',
    url: () => '/api/admin/contacts',
    payload: () => ({ email: 'new@example.test', firstName: 'New' }),
  },
  { name: 'a contact edited', method: 'PATCH', url: () => `/api/admin/contacts/${ids.contact}`, payload: () => ({ firstName: 'Renamed' }) },
  { name: 'a draft saved', method: 'POST', url: () => '/api/admin/bulk-mail/drafts', payload: () => ({ subject: 'Draft' }) },
  {
    name: "a team's status changed",
    method: 'PATCH',
    url: () => `/api/admin/registrations/${ids.team}/status`,
    payload: () => ({ status: 'confirmed', reason: 'Checked at scrutineering' }),
  },
  {
    name: 'a deposit entered by hand',
    method: 'PUT',
    url: () => `/api/admin/deposits/${ids.depositTeam}`,
    payload: () => ({ amountPence: 50_000, method: 'cheque', paidOn: '2026-02-14' }),
  },
  {
    name: 'a person erased by an organiser',
    method: 'POST',
    url: () => '/api/admin/privacy/erase',
    payload: () => ({ email: erasedEmail }),
  },
  {
    name: 'an account deleted by its holder',
    method: 'DELETE',
    url: () => '/api/my-privacy/account',
    payload: () => ({ password: holder.password }),
    asHolder: true,
  },
  { name: 'a draft deleted', method: 'DELETE', url: () => `/api/admin/bulk-mail/drafts/${ids.draft}` },
  { name: 'a contact deleted', method: 'DELETE', url: () => `/api/admin/contacts/${ids.contact}` },
  { name: 'a winners row deleted', method: 'DELETE', url: () => '/api/admin/winners/2018' },
  { name: 'a past rally deleted', method: 'DELETE', url: () => '/api/admin/past-rallies/2018' },
];

const send = async (c: Change) =>
  app.inject({
    method: c.method,
    url: c.url(),
    headers: { cookie: c.asHolder ? holder.cookie : admin.cookie },
    ...(c.payload ? { payload: await c.payload() } : {}),
  });

async function auditCount(): Promise<number> {
  return (await app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
}

beforeAll(async () => {
  app = await createTestApp();
  digest = await dataDigester(app.db);
  admin = await signUpAdmin(app);
  holder = await signUp(app);
  const json = async (url: string, payload?: object) =>
    (
      await app.inject({ method: payload ? 'POST' : 'GET', url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) })
    ).json();
  ids.contact = (await json('/api/admin/contacts', { email: 'kept@example.test', firstName: 'Kept' })).id;
  ids.draft = (await json('/api/admin/bulk-mail/drafts', { subject: 'Kept draft' })).id;
  ids.photo = (await json('/api/past-rallies')).find((r: { year: number }) => r.year === 2018).gallery[0].id;
  ids.team = (await insertTeam(app.db, { status: 'deposit_paid' })).id;
  ids.depositTeam = (await insertTeam(app.db, { status: 'registered' })).id;
  await insertTeam(app.db, { driverEmail: erasedEmail });
  const { year: _year, ...current } = (await json('/api/settings')) as RallySettings;
  settings = current;
  await app.db.execute(sql`create function refuse_audit_rows() returns trigger language plpgsql as $$
    begin raise exception 'audit rows are refused in this test'; end $$`);
}, 60_000);
afterAll(() => app.close());

describe('an audited change whose audit row cannot be written', () => {
  it('answers 500 and changes nothing, for every audited change', async () => {
    await app.db.execute(
      sql`create trigger refuse_audit_rows before insert on audit_log for each row execute function refuse_audit_rows()`,
    );
    const wrong: string[] = [];
    for (const change of changes) {
      await app.background.idle();
      const before = await digest();
      const res = await send(change);
      await app.background.idle();
      const changed = (await digest()) !== before;
      if (res.statusCode !== 500 || changed) wrong.push(`${change.name} -> ${res.statusCode}${changed ? ', data changed' : ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('goes through with its audit row once audit rows can be written', async () => {
    await app.db.execute(sql`drop trigger if exists refuse_audit_rows on audit_log`);
    const wrong: string[] = [];
    for (const change of changes) {
      const rows = await auditCount();
      const res = await send(change);
      if (res.statusCode >= 400 || (await auditCount()) === rows)
        wrong.push(`${change.name} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
