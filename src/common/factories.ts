/** The fields every stored team has; a factory's result fits the registration form and a table row alike. */
export type TeamFields = {
  /** Unset: the current season (the server's rally settings). */
  rallyYear?: number;
  teamName: string;
  driverFirstName: string;
  driverLastName: string;
  driverEmail: string;
  driverPhone: string;
  driverAddress: string;
  previousRally: boolean;
  previousRallyYears: number[];
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
};

let n = 0;

/**
 * A complete, valid team registration for this year's rally, unique per call (team name and
 * driver address); override any field. The one team factory of the unit, API and browser tests,
 * the demo seed and the benchmark.
 */
export function teamInput<T extends object = Partial<TeamFields>>(overrides?: T): TeamFields & T {
  n += 1;
  const unique = `${n}-${Date.now()}`;
  return {
    teamName: `Test Team ${unique}`,
    driverFirstName: 'Amelia',
    driverLastName: 'Le Brocq',
    driverEmail: `driver${unique}@example.test`,
    driverPhone: '+44 7700 900123',
    driverAddress: '1 Rue des Pres, St Helier, Jersey',
    previousRally: false,
    previousRallyYears: [],
    emergencyContactName: 'Tom Le Brocq',
    emergencyContactPhone: '+44 7700 900456',
    emergencyContactRelationship: 'Brother',
    ...(overrides ?? ({} as T)),
  };
}
