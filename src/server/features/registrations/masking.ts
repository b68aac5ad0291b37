import type { SensitiveValues } from '../../../common/admin-signup';

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
