import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { contacts } from '../../db/schema';
import { teamInput } from '../../../common/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const post = (payload: object) => app.inject({ method: 'POST', url: '/api/signups', payload });
const contactOf = async (email: string) => (await app.db.select().from(contacts).where(eq(contacts.email, email)))[0];

describe('registration newsletter opt-in', () => {
  it("a ticked box opts the driver in with source 'registration', and only the driver", async () => {
    const body = teamInput({ driverEmail: 'keen@x.je', coDriverFirstName: 'Co', coDriverLastName: 'Pilot', coDriverEmail: 'co@x.je' });
    const res = await post({ ...body, newsletterOptIn: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await contactOf('keen@x.je')).toMatchObject({ consent: 'opted_in', consentSource: 'registration' });
    // The co-driver has not accepted (so is not a contact yet) and did not tick anything.
    expect((await contactOf('co@x.je'))?.consent ?? 'not_asked').toBe('not_asked');
  });

  it('an unticked box leaves consent as it is: not asked for a new person, opted in for a subscriber', async () => {
    expect((await post({ ...teamInput({ driverEmail: 'quiet@x.je' }) })).statusCode).toBe(201);
    expect(await contactOf('quiet@x.je')).toMatchObject({ consent: 'not_asked', consentSource: null });

    await app.db.insert(contacts).values({ email: 'fan@x.je', consent: 'opted_in', consentAt: new Date(), consentSource: 'Get Updates' });
    expect((await post({ ...teamInput({ driverEmail: 'fan@x.je' }), newsletterOptIn: false })).statusCode).toBe(201);
    expect(await contactOf('fan@x.je')).toMatchObject({ consent: 'opted_in', consentSource: 'Get Updates' });
  });
});
