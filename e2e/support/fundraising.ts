import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './env';
import { teamInput } from '../../src/common/factories';
import { apiAs } from './signed-in';

export type TeamFixture = { id: number; teamName: string };

/** An organiser's API session, for creating the exact teams and donations a test needs. */
export const adminApi = (): Promise<APIRequestContext> => apiAs(DEMO_ADMIN.email);

let counter = 0;

/** Registers a team through the public form's API, then sets what only the organisers' edit form can. */
export async function createTeam(
  api: APIRequestContext,
  fields: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<TeamFixture> {
  counter += 1;
  const stamp = `${Date.now()}-${counter}`;
  const teamName = (fields.teamName as string | undefined) ?? `E2E Team ${stamp}`;
  const created = await api.post('/api/signups', {
    data: teamInput({
      driverFirstName: 'Fern',
      driverLastName: 'Fundraiser',
      driverEmail: `e2e.fund.${stamp}@example.test`,
      driverPhone: '07700 900555',
      driverAddress: '5 Private Lane, St Helier',
      driverPassport: 'SECRETPASS1',
      emergencyContactName: 'Eddie Emergency',
      emergencyContactPhone: '07700 900556',
      emergencyContactRelationship: 'Friend',
      medicalConditions: 'SECRET-MEDICAL',
      ...fields,
      teamName,
    }),
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  if (Object.keys(extra).length) expect((await api.patch(`/api/admin/signups/${id}`, { data: extra })).status()).toBe(200);
  return { id, teamName };
}

export async function addDonation(api: APIRequestContext, signupId: number, amount: number) {
  const res = await api.post('/api/donations', {
    data: { signupId, amount, paymentMethod: 'cash', donorName: 'Dora Donor', donorEmail: 'dora@example.test' },
  });
  expect(res.status()).toBe(201);
}

/** A JSON answer for page.route, to show states the live data cannot (empty, failing). */
export const json = (body: unknown, status = 200) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
