import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { only } from '../../test/rows';
import { signups } from '../../db/schema';
import { CO_DRIVER_DETAILS_THEIRS, saveMyChanges } from './co-driver';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

let n = 0;
const address = (who: string) => `${who}${++n}-${Date.now()}@example.test`;

const call = (method: 'GET' | 'PATCH', cookie: string, payload?: object) =>
  app.inject({ method, url: '/api/my-signup', headers: { cookie }, payload });

const teamRow = async (id: number) => only(await app.db.select().from(signups).where(eq(signups.id, id)));

const coDriverDetails = { coDriverPhone: '+44 7700 900111', coDriverAddress: '1 Rue des Prés, St Helier', coDriverPassport: 'C98765432' };

/** A signed-in driver's team naming a co-driver with their own details; `joined` as an accepted invitation leaves it. */
async function driverAndTeam(joined: Partial<typeof signups.$inferInsert>) {
  const driver = await signUp(app);
  const team = await insertTeam(app.db, {
    userId: driver.user.id,
    driverEmail: driver.user.email,
    coDriverFirstName: 'Sam',
    coDriverLastName: 'Le Gallais',
    coDriverEmail: address('co'),
    ...coDriverDetails,
    ...joined,
  });
  return { cookie: driver.cookie, team };
}

/** Accepted from the invitation by the owner of a verified account. */
async function joinedWithAccount() {
  const coDriver = await signUp(app, { email: address('joined') });
  return { coDriverEmail: coDriver.email, coDriverUserId: coDriver.user.id, coDriverAcceptedAt: new Date() };
}

describe("the driver's dashboard once the co-driver has joined", () => {
  it("leaves out the co-driver's phone, address and passport, keeping their name and e-mail address", async () => {
    const { cookie, team } = await driverAndTeam(await joinedWithAccount());
    const res = await call('GET', cookie);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ role: 'driver', coDriverStatus: 'joined', coDriverFirstName: 'Sam', coDriverEmail: team.coDriverEmail });
    expect(view).not.toHaveProperty('coDriverPhone');
    expect(view).not.toHaveProperty('coDriverAddress');
    expect(view).not.toHaveProperty('coDriverPassport');
  });

  it('leaves them out too when the co-driver accepted before having an account', async () => {
    const { cookie } = await driverAndTeam({ coDriverAcceptedAt: new Date() });
    const view = (await call('GET', cookie)).json();
    expect(view.coDriverStatus).toBe('joined');
    expect(view).not.toHaveProperty('coDriverPhone');
    expect(view).not.toHaveProperty('coDriverAddress');
    expect(view).not.toHaveProperty('coDriverPassport');
  });

  it.each([
    ['phone', { coDriverPhone: '+44 7700 900999' }],
    ['address', { coDriverAddress: '9 Other Road' }],
    ['passport', { coDriverPassport: 'Z11112222' }],
    ['phone, cleared', { coDriverPhone: '' }],
  ])("refuses the driver's change of the co-driver's %s: 403 and nothing changes", async (_what, change) => {
    const { cookie, team } = await driverAndTeam(await joinedWithAccount());
    const res = await call('PATCH', cookie, { driverPhone: '+44 7700 900555', ...change });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CO_DRIVER_DETAILS_THEIRS);
    const after = await teamRow(team.id);
    expect(after).toMatchObject({ ...coDriverDetails, driverPhone: team.driverPhone });
  });

  it("saves the driver's own phone and leaves the co-driver's details as they are", async () => {
    const { cookie, team } = await driverAndTeam(await joinedWithAccount());
    const res = await call('PATCH', cookie, { driverPhone: '+44 7700 900555', teamName: 'Still Rolling' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ driverPhone: '+44 7700 900555', teamName: 'Still Rolling' });
    expect(res.json()).not.toHaveProperty('coDriverPhone');
    expect(await teamRow(team.id)).toMatchObject({ ...coDriverDetails, driverPhone: '+44 7700 900555' });
  });
});

describe("the driver's dashboard before the co-driver joins", () => {
  it("shows the co-driver's details the driver entered (passport masked) and lets the driver change them", async () => {
    const { cookie, team } = await driverAndTeam({});
    const view = (await call('GET', cookie)).json();
    expect(view).toMatchObject({
      coDriverStatus: 'invited',
      coDriverPhone: coDriverDetails.coDriverPhone,
      coDriverAddress: coDriverDetails.coDriverAddress,
      coDriverPassport: '•••••5432',
    });

    const changed = { coDriverPhone: '+44 7700 900999', coDriverAddress: '9 Other Road', coDriverPassport: 'Z11112222' };
    const res = await call('PATCH', cookie, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ coDriverPhone: changed.coDriverPhone, coDriverAddress: changed.coDriverAddress });
    expect(await teamRow(team.id)).toMatchObject(changed);
  });
});

describe("the co-driver's own details", () => {
  it('stay theirs to change once they have joined', async () => {
    const coDriver = await signUp(app, { email: address('own') });
    const { team } = await driverAndTeam({
      coDriverEmail: coDriver.email,
      coDriverUserId: coDriver.user.id,
      coDriverAcceptedAt: new Date(),
    });
    const res = await call('PATCH', coDriver.cookie, { coDriverPhone: '+44 7700 900321' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'co-driver', coDriverPhone: '+44 7700 900321' });
    expect((await teamRow(team.id)).coDriverPhone).toBe('+44 7700 900321');
  });

  it("are not written by a driver's edit judged on the team as it was before the co-driver accepted", async () => {
    const { team } = await driverAndTeam({});
    // The co-driver accepts between the driver's read of the team and the write.
    await app.db.update(signups).set({ coDriverAcceptedAt: new Date() }).where(eq(signups.id, team.id));
    await expect(saveMyChanges(app.db, { signup: team, role: 'driver' }, { coDriverPhone: '+44 7700 900999' })).rejects.toMatchObject({
      statusCode: 403,
      message: CO_DRIVER_DETAILS_THEIRS,
    });
    expect(await teamRow(team.id)).toMatchObject(coDriverDetails);
  });
});
