import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/auth';
import { signups } from '../../db/schema';
import { teamInput } from '../../../common/factories';
import { only } from '../../test/rows';
import type { RallySettings } from '../../../common/schemas/rally-settings';

let app: TestApp;
let rally: RallySettings;
beforeAll(async () => {
  app = await createTestApp();
  rally = await app.rallySettings();
});
afterAll(() => app.close());

const post = (payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/signups', payload: payload as object, headers: cookie ? { cookie } : {} });

describe('POST /api/signups', () => {
  it('stores a registration without login and e-mails the driver the details and deposit link', async () => {
    const body = teamInput({ teamName: 'Clutch Potatoes', carMake: 'Morris', carModel: 'Minor', carYear: 1968 });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(signups).where(eq(signups.id, res.json().id));
    expect(row).toMatchObject({
      teamName: 'Clutch Potatoes',
      driverEmail: body.driverEmail,
      userId: null,
      rallyYear: 2026,
      carYear: 1968,
      coDriverFirstName: null,
    });
    // The driver's, not the organisers' notice sent after it.
    const mail = app.mail.sent.findLast((m) => m.to === body.driverEmail)!;
    expect(mail.to).toBe(body.driverEmail);
    expect(mail.subject).toContain('Clutch Potatoes');
    expect(mail.text).toContain(rally.depositLink);
    expect(mail.text).toContain('1968 Morris Minor');
    expect(mail.html).toContain(rally.depositLink);
  });

  it('defaults the rally year to 2026 and stores empty optional fields as empty', async () => {
    const { rallyYear: _omit, ...rest } = teamInput();
    const res = await post({ ...rest, coDriverEmail: '', justGivingUrl: '', carYear: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(signups).where(eq(signups.id, res.json().id));
    expect(row).toMatchObject({ rallyYear: 2026, coDriverEmail: null, justGivingUrl: null, carYear: null });
  });

  it('links the registration to the signed-in, verified user who is its driver, and to no one else', async () => {
    const { user, cookie } = await signUp(app);
    const own = await post(teamInput({ driverEmail: user.email.toUpperCase() }), cookie);
    const row = only(await app.db.select().from(signups).where(eq(signups.id, own.json().id)));
    expect(row.userId).toBe(user.id);
    const forSomeoneElse = await post(teamInput(), cookie);
    const other = only(await app.db.select().from(signups).where(eq(signups.id, forSomeoneElse.json().id)));
    expect(other.userId).toBeNull();
  });

  it('escapes what the team typed in the HTML e-mail', async () => {
    const body = teamInput({ teamName: '<script>x</script>' });
    await post(body);
    const mail = app.mail.sent.findLast((m) => m.to === body.driverEmail)!;
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  const required: [string, string][] = [
    ['teamName', 'Team name is required'],
    ['driverFirstName', 'Driver first name is required'],
    ['driverLastName', 'Driver last name is required'],
    ['driverEmail', 'Valid email is required'],
    ['driverPhone', 'Phone number is required'],
    ['driverAddress', 'Address is required'],
    ['emergencyContactName', 'Emergency contact is required'],
    ['emergencyContactPhone', 'Emergency phone is required'],
    ['emergencyContactRelationship', 'Relationship is required'],
  ];
  it.each(required)('refuses a blank or missing %s with "%s"', async (field, message) => {
    const before = (await app.db.select().from(signups)).length;
    for (const value of ['', '   ', undefined]) {
      const res = await post(teamInput({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().issues.map((i: { path: string[] }) => i.path.join('.'))).toContain(field);
    }
    expect((await app.db.select().from(signups)).length).toBe(before);
  });

  it('refuses a malformed driver e-mail, co-driver e-mail and fundraising URL', async () => {
    expect((await post(teamInput({ driverEmail: 'not-an-email' }))).json().message).toBe('Valid email is required');
    expect((await post(teamInput({ coDriverEmail: 'nope' }))).json().message).toBe('Valid email is required');
    const url = await post(teamInput({ justGivingUrl: 'justgiving dot com' }));
    expect(url.statusCode).toBe(400);
    expect(url.json().message).toBe('Must be a valid URL');
    expect((await post(teamInput({ justGivingUrl: 'javascript:alert(1)' }))).json().message).toBe('Must be a valid URL');
  });

  it('requires previousRally to be a boolean and the rally year a number', async () => {
    expect((await post(teamInput({ previousRally: 'yes' as unknown as boolean }))).statusCode).toBe(400);
    expect((await post(teamInput({ rallyYear: 'next year' as unknown as number }))).statusCode).toBe(400);
  });
});
