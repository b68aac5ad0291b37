import type { CoDriverStatus, CoDriverView, DriverView, TeamRole } from '../../common/schemas/signup';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { signups, type Signup } from '../db/schema';

/**
 * What each team member sees of their team, and what is theirs, decided here and only here: the
 * dashboard (GET /api/my-dashboard/team and its edits) and the personal-data export both build from these.
 */

/** What stands for a passport number anyone but the one who reveals it sees. */
export const PASSPORT_MASK = '•••••';

/**
 * `•••••4321`: enough for a team to recognise its own passport, not enough to use one. Only for
 * a team's own record, which is opened anyway; lists never open a sealed value (maskedTeamColumns).
 */
export function maskPassport(v: string | null): string | null {
  if (!v?.trim()) return null;
  const clean = v.trim();
  return `${PASSPORT_MASK}${clean.length > 6 ? clean.slice(-4) : ''}`;
}

/** The team's side that both members share: nobody's contact, passport, medical or emergency details. */
const teamFields = [
  'id',
  'rallyYear',
  'teamName',
  'driverFirstName',
  'driverLastName',
  'coDriverFirstName',
  'coDriverLastName',
  'carMake',
  'carModel',
  'carYear',
  'carRegistration',
  'carImageUrl',
  'fundraisingTarget',
  'story',
  'sponsors',
  'justGivingUrl',
  'status',
] as const satisfies readonly (keyof Signup)[];

/** The driver's own details (the team's medical, dietary and emergency details are given by the driver). */
const driverOwnFields = [
  'driverEmail',
  'driverPhone',
  'driverAddress',
  'driverPassport',
  'previousRally',
  'previousRallyYears',
  'dietaryRequirements',
  'medicalConditions',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'newDonationEmails',
] as const satisfies readonly (keyof Signup)[];

/** The co-driver's own contact and passport details (their e-mail address is the team's: it names them). */
export const coDriverPersonalFields = ['coDriverPhone', 'coDriverAddress', 'coDriverPassport'] as const satisfies readonly (keyof Signup)[];

/** The co-driver's own details. */
const coDriverOwnFields = ['coDriverEmail', ...coDriverPersonalFields] as const satisfies readonly (keyof Signup)[];

function pick<K extends keyof Signup>(s: Signup, keys: readonly K[]): Pick<Signup, K> {
  return Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<Signup, K>;
}

/** The role an account has on a team it sees: its driver by the account link, else its co-driver. */
export function roleOn(s: Pick<Signup, 'userId'>, accountId: string): TeamRole {
  return s.userId === accountId ? 'driver' : 'co-driver';
}

/** Where the co-driver stands, as the driver's dashboard shows it. */
export function coDriverStatus(s: Signup): CoDriverStatus {
  if (s.coDriverEmail && (s.coDriverAcceptedAt || s.coDriverUserId)) return 'joined';
  if (s.coDriverEmail) return 'invited';
  return s.coDriverDeclinedAt ? 'declined' : 'none';
}

/**
 * Personal data follows the person: once the co-driver has joined, their phone, postal address and
 * passport are theirs alone, so the driver neither sees nor changes them. Until then the driver may
 * see and fill in what the driver entered at registration.
 */
export function coDriverKeepsOwnDetails(s: Signup): boolean {
  return coDriverStatus(s) === 'joined';
}

type Extras = Pick<DriverView, 'waitingListPosition' | 'veteranYears' | 'rallyOver' | 'result'>;

/**
 * The driver's dashboard: the whole registration, passports masked, and where the co-driver
 * invitation stands; of a co-driver who has joined only the name and e-mail address.
 */
export function driverView(s: Signup, extras: Extras): DriverView {
  const coDriver = coDriverKeepsOwnDetails(s)
    ? { coDriverEmail: s.coDriverEmail }
    : { ...pick(s, coDriverOwnFields), coDriverPassport: maskPassport(s.coDriverPassport) };
  return {
    ...pick(s, teamFields),
    ...pick(s, driverOwnFields),
    ...coDriver,
    driverPassport: maskPassport(s.driverPassport),
    createdAt: s.createdAt.toISOString(),
    role: 'driver',
    coDriverStatus: coDriverStatus(s),
    ...extras,
  };
}

/** The co-driver's dashboard: the team's shared side and their own details, passport masked. */
export function coDriverView(s: Signup, extras: Extras): CoDriverView {
  return {
    ...pick(s, teamFields),
    ...pick(s, coDriverOwnFields),
    coDriverPassport: maskPassport(s.coDriverPassport),
    createdAt: s.createdAt.toISOString(),
    role: 'co-driver',
    ...extras,
  };
}

/**
 * A team in its driver's personal-data export: the shared side and the driver's own details in
 * full; of the co-driver only the name and e-mail address the team names, never their
 * phone, postal address or passport.
 */
export function driverOwnData(s: Signup) {
  return { role: 'driver' as const, ...pick(s, teamFields), ...pick(s, driverOwnFields), coDriverEmail: s.coDriverEmail, ...dates(s) };
}

/** A team in its co-driver's personal-data export: the shared side and the co-driver's own details in full. */
export function coDriverOwnData(s: Signup) {
  return {
    role: 'co-driver' as const,
    ...pick(s, teamFields),
    ...pick(s, coDriverOwnFields),
    coDriverAcceptedAt: s.coDriverAcceptedAt?.toISOString() ?? null,
    ...dates(s),
  };
}

const dates = (s: Signup) => ({ createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString() });

/** The co-driver's fields as they are when nobody is named: cleared on a change of co-driver, a decline or an erasure. */
export const noCoDriver = {
  coDriverFirstName: null,
  coDriverLastName: null,
  coDriverEmail: null,
  coDriverPhone: null,
  coDriverAddress: null,
  coDriverPassport: null,
  coDriverAcceptedAt: null,
  coDriverUserId: null,
} satisfies Partial<Signup>;

/**
 * For an edit that sets the co-driver address (an organiser's): the acceptance and the co-driver's
 * own phone, address and passport stay only if the address is the same person's (case and spaces
 * ignored), so a new address never inherits the previous co-driver's access or personal details.
 * Fields the same edit sets are left to it (the organiser entering the new co-driver's details).
 * Evaluated against the row as it was, in the same UPDATE.
 */
export function coDriverAddressChange(patch: Partial<Record<keyof Signup, unknown>> & { coDriverEmail?: string | null }) {
  const same = sql`lower(trim(${signups.coDriverEmail})) is not distinct from ${patch.coDriverEmail?.trim().toLowerCase() ?? null}`;
  const keptIfSame = (column: AnyColumn) => sql`case when ${same} then ${column} end`;
  const personal = coDriverPersonalFields.filter((k) => !(k in patch)).map((k) => [k, keptIfSame(signups[k])]);
  return {
    coDriverUserId: keptIfSame(signups.coDriverUserId),
    coDriverAcceptedAt: keptIfSame(signups.coDriverAcceptedAt),
    ...(Object.fromEntries(personal) as Partial<Record<(typeof coDriverPersonalFields)[number], SQL>>),
  };
}
