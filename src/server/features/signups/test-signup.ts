import type { SignupInput } from '../../../common/schemas/signup';

let n = 0;

/** A complete, valid registration body; override any field. Shared by the signup, dashboard and upload tests. */
export function validSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  n += 1;
  return {
    rallyYear: 2026,
    teamName: `Test Team ${n}`,
    driverFirstName: 'Amelia',
    driverLastName: 'Le Brocq',
    driverEmail: `driver${n}-${Date.now()}@example.test`,
    driverPhone: '+44 7700 900123',
    driverAddress: '1 Rue des Pres, St Helier, Jersey',
    previousRally: false,
    previousRallyYears: [],
    emergencyContactName: 'Tom Le Brocq',
    emergencyContactPhone: '+44 7700 900456',
    emergencyContactRelationship: 'Brother',
    ...overrides,
  };
}
