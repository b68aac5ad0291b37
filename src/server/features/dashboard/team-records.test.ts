import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { only } from '../../test/rows';
import { donations, signups } from '../../db/schema';
import { NOT_YOURS_TO_CHANGE } from '../../../common/team-records';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A team whose driver and co-driver have both joined with accounts, each signed in. */
async function teamOfTwo() {
  const driver = await signUp(app);
  const coDriver = await signUp(app);
  const team = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.email,
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Gallais',
    coDriverEmail: coDriver.email,
    coDriverUserId: coDriver.user.id,
    coDriverAcceptedAt: new Date(),
  });
  return { team, driver: driver.cookie, coDriver: coDriver.cookie };
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });

const record = async (cookie: string, donorName: string) => {
  const res = await call(cookie, 'POST', '/api/my-dashboard/donations', { amount: 2500, donorName, paymentMethod: 'cash' });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; recordedBy: string };
};

const donationRow = async (id: number) => (await app.db.select().from(donations).where(eq(donations.id, id)))[0];
const sponsorsOf = async (id: number) => only(await app.db.select().from(signups).where(eq(signups.id, id))).sponsors;

describe("a team's donations, between its driver and its co-driver", () => {
  it('notes who recorded each one, and both see who', async () => {
    const { driver, coDriver } = await teamOfTwo();
    expect((await record(driver, 'Gran')).recordedBy).toBe('driver');
    expect((await record(coDriver, 'Uncle Jim')).recordedBy).toBe('co-driver');
    for (const cookie of [driver, coDriver]) {
      const list = (await call(cookie, 'GET', '/api/my-dashboard/donations')).json();
      expect(list.map((d: { donorName: string; recordedBy: string }) => [d.donorName, d.recordedBy])).toEqual([
        ['Uncle Jim', 'co-driver'],
        ['Gran', 'driver'],
      ]);
    }
  });

  it("refuses the co-driver's edit and delete of the driver's donation with 403, and nothing changes", async () => {
    const { driver, coDriver } = await teamOfTwo();
    const gran = await record(driver, 'Gran');
    const before = await donationRow(gran.id);

    const edit = await call(coDriver, 'PATCH', `/api/my-dashboard/donations/${gran.id}`, { amount: 100 });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(NOT_YOURS_TO_CHANGE);
    const del = await call(coDriver, 'DELETE', `/api/my-dashboard/donations/${gran.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(NOT_YOURS_TO_CHANGE);
    expect(await donationRow(gran.id)).toEqual(before);
  });

  it('lets the co-driver edit and delete their own', async () => {
    const { coDriver } = await teamOfTwo();
    const jim = await record(coDriver, 'Uncle Jim');
    const edit = await call(coDriver, 'PATCH', `/api/my-dashboard/donations/${jim.id}`, { amount: 3000 });
    expect(edit.statusCode).toBe(200);
    expect((await donationRow(jim.id))?.amount).toBe(3000);
    expect((await call(coDriver, 'DELETE', `/api/my-dashboard/donations/${jim.id}`)).statusCode).toBe(200);
    expect(await donationRow(jim.id)).toBeUndefined();
  });

  it("lets the driver, the team's owner, edit and delete the co-driver's, still noted as the co-driver's", async () => {
    const { driver, coDriver } = await teamOfTwo();
    const jim = await record(coDriver, 'Uncle Jim');
    const edit = await call(driver, 'PATCH', `/api/my-dashboard/donations/${jim.id}`, { amount: 3500 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ amount: 3500, recordedBy: 'co-driver' });
    expect((await call(driver, 'DELETE', `/api/my-dashboard/donations/${jim.id}`)).statusCode).toBe(200);
    expect(await donationRow(jim.id)).toBeUndefined();
  });

  it("takes a donation stored before recorders were noted as the driver's", async () => {
    const { team, coDriver } = await teamOfTwo();
    const [old] = await app.db.insert(donations).values({ signupId: team.id, amount: 1000, paymentMethod: 'cash' }).returning();
    expect((await call(coDriver, 'DELETE', `/api/my-dashboard/donations/${old!.id}`)).statusCode).toBe(403);
    expect(await donationRow(old!.id)).toBeDefined();
  });
});

describe("a team's sponsors, between its driver and its co-driver", () => {
  const bakery = { name: 'Bakery', url: 'https://bakery.example.je' };
  const garage = { name: 'Garage', url: 'https://garage.example.je' };
  const patch = (cookie: string, sponsors: object[]) => call(cookie, 'PATCH', '/api/my-dashboard/team', { sponsors });

  it('notes who added each, whatever the sender claims', async () => {
    const { team, driver, coDriver } = await teamOfTwo();
    expect((await patch(driver, [bakery])).statusCode).toBe(200);
    const res = await patch(coDriver, [bakery, { ...garage, recordedBy: 'driver' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().sponsors).toEqual([
      { ...bakery, recordedBy: 'driver' },
      { ...garage, recordedBy: 'co-driver' },
    ]);
    expect(await sponsorsOf(team.id)).toEqual(res.json().sponsors);
  });

  it.each([
    ['removing', [garage]],
    ['rewriting', [{ ...bakery, url: 'https://elsewhere.example.je' }, garage]],
  ])("refuses the co-driver's %s the driver's sponsor with 403, and nothing changes", async (_what, sponsors) => {
    const { team, driver, coDriver } = await teamOfTwo();
    await patch(driver, [bakery]);
    await patch(coDriver, [bakery, garage]);
    const before = await sponsorsOf(team.id);
    const res = await patch(coDriver, sponsors);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your driver added the sponsor Bakery, so only your driver can change or remove it.');
    expect(await sponsorsOf(team.id)).toEqual(before);
  });

  it("lets the co-driver remove their own, and the driver remove the co-driver's", async () => {
    const { team, driver, coDriver } = await teamOfTwo();
    await patch(driver, [bakery]);
    await patch(coDriver, [bakery, garage]);
    expect((await patch(coDriver, [bakery])).statusCode).toBe(200);
    await patch(coDriver, [bakery, garage]);
    expect((await patch(driver, [bakery])).statusCode).toBe(200);
    expect(await sponsorsOf(team.id)).toEqual([{ ...bakery, recordedBy: 'driver' }]);
  });

  it("takes a sponsor stored before recorders were noted as the driver's", async () => {
    const { team, coDriver } = await teamOfTwo();
    await app.db
      .update(signups)
      .set({ sponsors: [bakery] })
      .where(eq(signups.id, team.id));
    expect((await patch(coDriver, [])).statusCode).toBe(403);
    expect(await sponsorsOf(team.id)).toEqual([bakery]);
  });

  it("keeps the co-driver's sponsors noted as theirs when an organiser edits the list", async () => {
    const { team, driver, coDriver } = await teamOfTwo();
    await patch(driver, [bakery]);
    await patch(coDriver, [bakery, garage]);
    const admin = await signUp(app, { isAdmin: true });
    const res = await call(admin.cookie, 'PATCH', `/api/admin/registrations/${team.id}`, { sponsors: [garage] });
    expect(res.statusCode).toBe(200);
    expect(await sponsorsOf(team.id)).toEqual([{ ...garage, recordedBy: 'co-driver' }]);
  });
});
