import type { AdminSignup, SensitiveValues } from '../../../common/schemas/registrations';
import type { SignupRecord } from '../../../common/schemas/signup';
import type { Signup } from '../../db/schema';
import type { SignupWithTotals } from './queries';

const blank = (v: string | null) => !v?.trim();

/** `•••••4321`: enough for an organiser to match a passport, not enough to use one. */
export function maskPassport(v: string | null): string | null {
  if (blank(v)) return null;
  const clean = v!.trim();
  return `•••••${clean.length > 6 ? clean.slice(-4) : ''}`;
}

const onFile = (v: string | null) => (blank(v) ? null : 'on file');

/** A registration as lists show it: the passport status still reads right, the values do not show. */
export function maskSensitive<T extends Omit<SensitiveValues, 'id'>>(row: T): T {
  return {
    ...row,
    driverPassport: maskPassport(row.driverPassport),
    coDriverPassport: maskPassport(row.coDriverPassport),
    medicalConditions: onFile(row.medicalConditions),
    dietaryRequirements: onFile(row.dietaryRequirements),
  };
}

const isoDates = <T extends Signup>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** A registration as an edit answers it: masked, dates as ISO strings. */
export function toAdminSignupRecord(row: Signup): SignupRecord {
  return maskSensitive(isoDates(row));
}

/** A row of the organisers' list: masked, with its donation figures. */
export function toAdminSignup(row: SignupWithTotals): Omit<AdminSignup, 'veteranYears'> {
  return maskSensitive(isoDates(row));
}
