import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { insertTeam } from '../../test/factories';
import { only } from '../../test/rows';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ cookie: admin } = await signUpAdmin(app));
});
afterAll(() => app.close());
beforeEach(() => {
  app.mail.sent.length = 0;
});

const record = (payload: object) => app.inject({ method: 'POST', url: '/api/donations', headers: { cookie: admin }, payload });
const to = (address: string) => app.mail.sent.filter((m) => m.to === address);

describe('donation e-mails', () => {
  it('sends the donor a receipt and the driver a new-donation note, once per donation', async () => {
    const team = await insertTeam(app.db, { teamName: 'Receipt Racers', driverFirstName: 'Dana' });
    const payload = {
      signupId: team.id,
      amount: 2550,
      paymentMethod: 'cheque',
      donorName: 'Gina Giver',
      donorEmail: 'gina@example.test',
      message: 'Drive safe',
      idempotencyKey: crypto.randomUUID(),
    };
    expect((await record(payload)).statusCode).toBe(201);
    expect((await record(payload)).statusCode).toBe(200);

    const receipt = only(to('gina@example.test'));
    expect(receipt.subject).toBe('Thank you for your donation to Receipt Racers');
    for (const text of ['Dear Gina Giver', 'Amount: £25.50', 'Team: Receipt Racers', 'Received by: Jersey Charity Rally Fund', 'Date: '])
      expect(receipt.text).toContain(text);

    const note = only(to(team.driverEmail));
    expect(note.subject).toBe('New donation for Receipt Racers: £25.50');
    expect(note.text).toContain('from Gina Giver');
    expect(note.text).toContain('"Drive safe"');
    expect(note.text).not.toContain('gina@example.test');
  });

  it('sends no receipt without a donor address, and no note when the driver turned them off', async () => {
    const { user, cookie } = await signUp(app);
    const team = await insertTeam(app.db, { userId: user.id });
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/my-dashboard/team/fundraising',
      headers: { cookie },
      payload: { newDonationEmails: false },
    });
    expect(off.statusCode).toBe(200);
    app.mail.sent.length = 0; // the sign-up's own verification mail
    expect((await record({ signupId: team.id, amount: 1000, paymentMethod: 'cash', donorName: 'Cash Carl' })).statusCode).toBe(201);
    expect(
      (await record({ signupId: team.id, amount: 500, paymentMethod: 'cash', donorEmail: 'anon@example.test', isAnonymous: true }))
        .statusCode,
    ).toBe(201);
    // The only positive signal possible: the third donation, with an address, gets its receipt.
    expect((await record({ signupId: team.id, amount: 700, paymentMethod: 'cash', donorEmail: 'last@example.test' })).statusCode).toBe(201);
    expect(to('last@example.test')).toHaveLength(1);
    expect(to('anon@example.test')).toHaveLength(0);
    expect(to(team.driverEmail)).toHaveLength(0);
    expect(app.mail.sent).toHaveLength(1);
  });

  it('sends nothing for a team-recorded donation', async () => {
    const { user, cookie } = await signUp(app);
    const team = await insertTeam(app.db, { userId: user.id });
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-donations',
      headers: { cookie },
      payload: { amount: 1000, paymentMethod: 'cash', donorEmail: 'friend@example.test' },
    });
    expect(res.statusCode).toBe(201);
    expect(app.mail.sent.filter((m) => m.to === 'friend@example.test' || m.to === team.driverEmail)).toHaveLength(0);
  });
});
