import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { donations, signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { only } from '../../test/rows';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A signed-in user with a registration of their own. */
async function rallier(overrides = {}) {
  const { user, cookie } = await signUp(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/signups',
    payload: teamInput({ driverEmail: user.email, ...overrides }),
    headers: { cookie },
  });
  return { user, cookie, signupId: res.json().id as number };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

describe('my signup', () => {
  it('needs a login', async () => {
    for (const [method, url] of [
      ['GET', '/api/my-signup'],
      ['PATCH', '/api/my-signup'],
      ['GET', '/api/my-donations'],
      ['POST', '/api/my-donations'],
      ['DELETE', '/api/my-donations/1'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode).toBe(401);
    }
  });

  it('answers 404 when the user has no registration', async () => {
    const { cookie } = await signUp(app);
    const res = await call('GET', '/api/my-signup', cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No registration found');
    expect((await call('GET', '/api/my-donations', cookie)).json()).toEqual([]);
  });

  it('finds a registration made before the account, by driver e-mail', async () => {
    const body = teamInput();
    await call('POST', '/api/signups', undefined, body);
    const { cookie } = await signUp(app, { email: body.driverEmail });
    const res = await call('GET', '/api/my-signup', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().teamName).toBe(body.teamName);
  });

  it('applies a partial update and leaves every other field alone', async () => {
    const { cookie, signupId } = await rallier({
      previousRally: true,
      previousRallyYears: [2016, 2018],
      carMake: 'Volvo',
      dietaryRequirements: 'Vegetarian',
    });
    const res = await call('PATCH', '/api/my-signup', cookie, { medicalConditions: 'None', emergencyContactPhone: '07700 900999' });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(signups).where(eq(signups.id, signupId));
    expect(row).toMatchObject({
      medicalConditions: 'None',
      emergencyContactPhone: '07700 900999',
      previousRally: true,
      previousRallyYears: [2016, 2018],
      carMake: 'Volvo',
      dietaryRequirements: 'Vegetarian',
    });
  });

  it('uses the signup rules for the fields it is given', async () => {
    const { cookie } = await rallier();
    const blank = await call('PATCH', '/api/my-signup', cookie, { teamName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Team name is required');
    expect((await call('PATCH', '/api/my-signup', cookie, { emergencyContactRelationship: '' })).json().message).toBe(
      'Relationship is required',
    );
    expect((await call('PATCH', '/api/my-signup', cookie, { justGivingUrl: 'not a url' })).json().message).toBe('Must be a valid URL');
  });

  it('refuses fields a participant may not change', async () => {
    const { cookie, signupId, user } = await rallier();
    for (const payload of [{ rallyYear: 2030 }, { carImageUrl: '/x.png' }, { userId: user.id }, { id: 1 }]) {
      expect((await call('PATCH', '/api/my-signup', cookie, payload)).statusCode).toBe(400);
    }
    const row = only(await app.db.select().from(signups).where(eq(signups.id, signupId)));
    expect(row.rallyYear).toBe(2026);
  });

  it('adds and removes sponsors, each with a name and a URL', async () => {
    const { cookie, signupId } = await rallier();
    const sponsors = [
      { name: 'Jersey Dairy', url: 'https://jerseydairy.je' },
      { name: 'Ferry Co', url: 'https://ferry.example' },
    ];
    expect((await call('PATCH', '/api/my-signup', cookie, { sponsors })).statusCode).toBe(200);
    // Each noted as the driver's, who added it.
    const kept = [{ ...sponsors[1], recordedBy: 'driver' }];
    expect((await call('PATCH', '/api/my-signup', cookie, { sponsors: [sponsors[1]] })).json().sponsors).toEqual(kept);
    expect((await call('PATCH', '/api/my-signup', cookie, { sponsors: [{ name: 'No URL', url: '' }] })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/my-signup', cookie, { sponsors: [{ name: '', url: 'https://a.example' }] })).json().message).toBe(
      'Sponsor name is required',
    );
    const row = only(await app.db.select().from(signups).where(eq(signups.id, signupId)));
    expect(row.sponsors).toEqual(kept);
  });
});

describe('my donations', () => {
  it('records, lists, edits and deletes a donation with the participant defaults', async () => {
    const { cookie, signupId } = await rallier();
    const created = await call('POST', '/api/my-donations', cookie, { amount: 2550, donorName: 'Gran', donorEmail: 'gran@example.test' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      amount: 2550,
      paymentMethod: 'justgiving',
      isAnonymous: false,
      currency: 'GBP',
      donorName: 'Gran',
      signupId,
    });
    const id = created.json().id;

    const list = await call('GET', '/api/my-donations', cookie);
    expect(list.json().map((d: { id: number }) => d.id)).toEqual([id]);

    const edited = await call('PATCH', `/api/my-donations/${id}`, cookie, { amount: 3000, paymentMethod: 'cash' });
    expect(edited.json()).toMatchObject({ amount: 3000, paymentMethod: 'cash', donorName: 'Gran', donorEmail: 'gran@example.test' });

    expect((await call('DELETE', `/api/my-donations/${id}`, cookie)).statusCode).toBe(200);
    expect(await app.db.select().from(donations).where(eq(donations.id, id))).toEqual([]);
  });

  it("names a blank or anonymous donor 'Anonymous' and drops an anonymous donor's e-mail", async () => {
    const { cookie } = await rallier();
    const blank = await call('POST', '/api/my-donations', cookie, { amount: 100, donorName: '  ' });
    expect(blank.json().donorName).toBe('Anonymous');
    const anon = await call('POST', '/api/my-donations', cookie, {
      amount: 100,
      donorName: 'Secret Sam',
      donorEmail: 'sam@example.test',
      isAnonymous: true,
    });
    expect(anon.json()).toMatchObject({ donorName: 'Anonymous', donorEmail: null, isAnonymous: true });
    const named = await call('POST', '/api/my-donations', cookie, { amount: 100, donorName: 'Sam', donorEmail: 'sam@example.test' });
    const madeAnon = await call('PATCH', `/api/my-donations/${named.json().id}`, cookie, { isAnonymous: true });
    expect(madeAnon.json()).toMatchObject({ donorName: 'Anonymous', donorEmail: null });
  });

  it('refuses amounts that are not positive whole pence and methods the participant form does not offer', async () => {
    const { cookie } = await rallier();
    expect((await call('POST', '/api/my-donations', cookie, { amount: 0 })).json().message).toBe('Amount must be greater than 0');
    expect((await call('POST', '/api/my-donations', cookie, { amount: -5 })).statusCode).toBe(400);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 10.5 })).statusCode).toBe(400);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 100, paymentMethod: 'gocardless' })).statusCode).toBe(400);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 100, donorEmail: 'bad' })).json().message).toBe(
      'Valid email is required',
    );
  });

  it('records a double submit once', async () => {
    const { cookie, signupId } = await rallier();
    const payload = { amount: 1000, idempotencyKey: `key-${signupId}-abcdef` };
    const first = await call('POST', '/api/my-donations', cookie, payload);
    const second = await call('POST', '/api/my-donations', cookie, payload);
    expect(second.json().id).toBe(first.json().id);
    expect(await app.db.select().from(donations).where(eq(donations.signupId, signupId))).toHaveLength(1);
  });

  it("treats another user's donation id as missing", async () => {
    const owner = await rallier();
    const other = await rallier();
    const id = (await call('POST', '/api/my-donations', owner.cookie, { amount: 500 })).json().id;
    const patch = await call('PATCH', `/api/my-donations/${id}`, other.cookie, { amount: 1 });
    expect(patch.statusCode).toBe(404);
    expect((await call('DELETE', `/api/my-donations/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/my-donations', other.cookie)).json()).toEqual([]);
    const row = only(await app.db.select().from(donations).where(eq(donations.id, id)));
    expect(row.amount).toBe(500);
  });

  it('needs a registration to record a donation', async () => {
    const { cookie } = await signUp(app);
    expect((await call('POST', '/api/my-donations', cookie, { amount: 100 })).statusCode).toBe(404);
  });
});
