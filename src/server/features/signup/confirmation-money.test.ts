import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { changeSettings } from '../../test/settings';
import { teamInput } from '../../../common/factories';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let organiser: { cookie: string };
beforeAll(async () => {
  app = await createTestApp();
  organiser = await signUpAdmin(app);
});
afterAll(() => app.close());

const settings = async () => (await app.inject({ url: '/api/settings' })).json() as RallySettings;
const register = async () => {
  const team = teamInput();
  const res = await app.inject({ method: 'POST', url: '/api/signups', payload: team });
  expect(res.statusCode).toBe(201);
  return app.mail.sent.findLast((m) => m.to === team.driverEmail)!;
};

describe('the money story in the settings and the confirmation e-mail', () => {
  it('starts with one deposit figure and the entry cost still to be announced', async () => {
    const s = await settings();
    expect(s).toMatchObject({ depositAmountPence: 50_000, entryCostPence: null, costNote: 'It will be confirmed in October 2025.' });
    expect(s).not.toHaveProperty('depositMinimum');
  });

  it('tells the driver the entry cost is to be announced, and when, until the organisers set it', async () => {
    const mail = await register();
    expect(mail.text).toContain(
      'The 2026 entry cost per team is to be announced; it covers the ferry, accommodation, breakfasts and evening meals. It will be confirmed in October 2025.',
    );
    expect(mail.text).toContain('The £500 deposit, paid when you register,');
    expect(mail.html).toContain('The 2026 entry cost per team is to be announced');
  });

  it('states the entry cost, deposit and minimums the organisers set, in the text and the HTML', async () => {
    const res = await changeSettings(app, organiser.cookie, {
      entryCostPence: 175_000,
      costNote: 'The balance is due by 1 July.',
      depositAmountPence: 45_000,
      minimumSponsorshipPerCar: 600,
      minimumFundraisingPerTeam: 1200,
    });
    expect(res.statusCode).toBe(200);
    const mail = await register();
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('The 2026 entry cost is £1,750 per team');
      expect(body).toContain('The balance is due by 1 July.');
      expect(body).toContain('The £450 deposit, paid when you register,');
      expect(body).toContain('leaving £1,300 to pay before the rally');
      expect(body).toContain('at least £1,200 for local Jersey charities, including at least £600 of sponsorship');
      expect(body).not.toMatch(/£500|£1,000\b/);
    }
  });

  it('refuses minimums and costs that contradict the story, with a message, and changes nothing', async () => {
    const before = await settings();
    const sponsorship = await changeSettings(app, organiser.cookie, { minimumSponsorshipPerCar: 5000 });
    expect(sponsorship.statusCode).toBe(400);
    expect(sponsorship.json().message).toContain('Minimum sponsorship per car cannot be more than the minimum fundraising per team');
    const cost = await changeSettings(app, organiser.cookie, { entryCostPence: 10_000 });
    expect(cost.statusCode).toBe(400);
    expect(cost.json().message).toContain('The entry cost cannot be less than the deposit');
    expect(await settings()).toEqual(before);
  });

  it('goes back to "to be announced" when the organisers clear the entry cost', async () => {
    expect((await changeSettings(app, organiser.cookie, { entryCostPence: null, costNote: '' })).statusCode).toBe(200);
    const mail = await register();
    expect(mail.text).toContain(
      'The 2026 entry cost per team is to be announced; it covers the ferry, accommodation, breakfasts and evening meals.\n',
    );
  });
});
