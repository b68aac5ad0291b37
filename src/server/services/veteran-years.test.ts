import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp, signUpAdmin } from '../test/auth';
import { insertTeam } from '../test/factories';
import { insertHistoric } from '../test/historic-files';
import type { AdminTeam } from '../../common/schemas/registrations';
import type { MyTeamView } from '../../common/schemas/signup';
import type { RallySettings } from '../../common/schemas/rally-settings';

let app: TestApp;
let organiser: { cookie: string };
let year: number;
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
  year = ((await app.inject({ url: '/api/settings' })).json() as RallySettings).year;
  await insertHistoric(app, [
    {
      year: 2012,
      teamName: 'Riviera',
      driverFirstName: 'Zoë',
      driverLastName: 'Le Cornu',
      coDriverFirstName: 'Hélène',
      coDriverLastName: 'Querée',
    },
    {
      year: 2016,
      teamName: 'Pintxo',
      driverFirstName: 'Mike',
      driverLastName: 'Syvret',
      coDriverFirstName: 'Zoe',
      coDriverLastName: 'LeCornu',
    },
    { year: 2017, teamName: 'Milan', driverFirstName: 'Kate', driverLastName: 'Maistre', email: 'kate.old@example.test' },
    { year: 2018, teamName: 'Monaco', driverFirstName: 'Jo', driverLastName: 'Renouf', email: 'unverified@example.test' },
  ]);
});
afterAll(() => app.close());

const adminList = async () =>
  (await app.inject({ url: '/api/admin/signups', headers: { cookie: organiser.cookie } })).json() as AdminTeam[];

describe('veteran badges', () => {
  it('find the earlier rallies of a driver and co-driver by name, whatever the case, spaces or accents', async () => {
    const team = await insertTeam(app.db, {
      driverFirstName: '  ZOE ',
      driverLastName: 'le cornu',
      coDriverFirstName: 'Helene',
      coDriverLastName: 'QUEREE',
    });
    const newcomers = await insertTeam(app.db, { driverFirstName: 'Nova', driverLastName: 'Newby' });
    const list = await adminList();
    expect(list.find((s) => s.id === team.id)?.veteranYears).toEqual({ driver: [2012, 2016], coDriver: [2012] });
    expect(list.find((s) => s.id === newcomers.id)?.veteranYears).toEqual({ driver: [], coDriver: [] });
  });

  it("find them by the verified e-mail of the rallier's account, and show them on the dashboard", async () => {
    const kate = await signUp(app, { email: 'kate.old@example.test' });
    const team = await insertTeam(app.db, {
      userId: kate.user.id,
      driverEmail: kate.email,
      driverFirstName: 'Katherine',
      driverLastName: 'Le Maistre',
    });
    const mine = (await app.inject({ url: '/api/my-signup', headers: { cookie: kate.cookie } })).json() as MyTeamView;
    expect(mine.id).toBe(team.id);
    expect(mine.veteranYears).toEqual({ driver: [2017], coDriver: [] });

    // An address nobody has proved is theirs matches nothing.
    const jo = await signUp(app, { email: 'unverified@example.test', verified: false });
    const other = await insertTeam(app.db, {
      userId: jo.user.id,
      driverEmail: jo.email,
      driverFirstName: 'Joanna',
      driverLastName: 'Smith',
    });
    expect((await adminList()).find((s) => s.id === other.id)?.veteranYears).toEqual({ driver: [], coDriver: [] });
  });

  it("count only rallies before the team's own year", async () => {
    await insertHistoric(app, [{ year, teamName: 'This year', driverFirstName: 'Paul', driverLastName: 'Gallichan' }]);
    const team = await insertTeam(app.db, { driverFirstName: 'Paul', driverLastName: 'Gallichan' });
    expect((await adminList()).find((s) => s.id === team.id)?.veteranYears).toEqual({ driver: [], coDriver: [] });
  });
});
