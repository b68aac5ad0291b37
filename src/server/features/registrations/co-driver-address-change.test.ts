import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { answerInvitation, invitationToken } from '../../test/invitations';
import { only } from '../../test/rows';
import { signups, teamInvitations } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { INVITATION_INVALID } from '../../services/team-invitations';

let app: TestApp;
let organiser: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie: organiser } = await signUpAdmin(app));
});
afterAll(() => app.close());

let n = 0;
const address = (who: string) => `${who}${++n}-${Date.now()}@example.test`;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, payload });
const organiserPatch = (id: number, payload: object) => call('PATCH', `/api/admin/signups/${id}`, organiser, payload);
const teamRow = async (id: number) => only(await app.db.select().from(signups).where(eq(signups.id, id)));

const detailsOfA = { coDriverPhone: '+44 7700 900111', coDriverAddress: '1 Rue de A, St Helier', coDriverPassport: 'A1234567' };

describe("an organiser's change of co-driver address", () => {
  it("drops the previous co-driver's phone, address and passport, so the next co-driver never sees them", async () => {
    const driver = await signUp(app);
    const a = await signUp(app, { email: address('a') });
    const team = await insertTeam(app.db, {
      userId: driver.user.id,
      driverEmail: driver.user.email,
      coDriverEmail: a.user.email,
      coDriverUserId: a.user.id,
      coDriverAcceptedAt: new Date(),
      ...detailsOfA,
    });
    const b = address('b');

    expect((await organiserPatch(team.id, { coDriverEmail: b })).statusCode).toBe(200);
    expect(await teamRow(team.id)).toMatchObject({ coDriverEmail: b, coDriverPhone: null, coDriverAddress: null, coDriverPassport: null });

    // The driver names B again (the same address: nothing is cleared then) and B accepts.
    expect(
      (await call('POST', '/api/my-dashboard/team/co-driver', driver.cookie, { firstName: 'Bo', lastName: 'Le Brun', email: b }))
        .statusCode,
    ).toBe(200);
    const bAccount = await signUp(app, { email: b });
    expect((await answerInvitation(app, invitationToken(app, b), 'accept', bAccount.cookie)).statusCode).toBe(200);

    const dashboard = (await call('GET', '/api/my-signup', bAccount.cookie)).json();
    expect(dashboard).toMatchObject({ id: team.id, role: 'co-driver', coDriverPhone: null, coDriverAddress: null, coDriverPassport: null });
    const exported = (await call('GET', '/api/my-privacy/data', bAccount.cookie)).json().teams;
    expect(exported).toEqual([
      expect.objectContaining({ id: team.id, coDriverPhone: null, coDriverAddress: null, coDriverPassport: null }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(detailsOfA.coDriverPassport);
  });

  it('keeps the details the same edit enters for the new co-driver, and all of them when the address is the same person', async () => {
    const a = address('a');
    const team = await insertTeam(app.db, { coDriverEmail: a, ...detailsOfA });
    expect((await organiserPatch(team.id, { coDriverEmail: a.toUpperCase() })).statusCode).toBe(200);
    expect(await teamRow(team.id)).toMatchObject(detailsOfA);

    expect((await organiserPatch(team.id, { coDriverEmail: address('b'), coDriverPhone: '+44 7700 900222' })).statusCode).toBe(200);
    expect(await teamRow(team.id)).toMatchObject({ coDriverPhone: '+44 7700 900222', coDriverAddress: null, coDriverPassport: null });
  });

  it('revokes the invitation to the previous address: its link no longer works, even if that address is named again', async () => {
    const a = address('a');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: teamInput({ coDriverFirstName: 'Al', coDriverEmail: a }),
    });
    const team = registered.json().id as number;
    const linkOfA = invitationToken(app, a);
    const invitationsOf = () =>
      app.db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.signupId, team), eq(teamInvitations.role, 'co-driver')));
    expect(await invitationsOf()).toHaveLength(1);

    expect((await organiserPatch(team, { coDriverEmail: address('b') })).statusCode).toBe(200);
    expect(await invitationsOf()).toEqual([]);
    expect((await organiserPatch(team, { coDriverEmail: a })).statusCode).toBe(200);
    const res = await answerInvitation(app, linkOfA, 'accept');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(INVITATION_INVALID);
    expect(await teamRow(team)).toMatchObject({ coDriverAcceptedAt: null, coDriverUserId: null });
  });
});
