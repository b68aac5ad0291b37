import { getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import type { TeamRecord } from '../../../common/schemas/signup';
import { signups, type Signup } from '../../db/schema';
import type { TeamWithTotals } from './queries';
import { PASSPORT_MASK } from '../../services/team-views';

const ON_FILE = 'on file';

/** The mask when a value is stored, null when none is: worked out from the stored envelope's presence alone. */
const maskWhenStored = (column: AnyColumn, mask: string) => sql<string | null>`case when ${column} is null then null else ${mask} end`;

const { driverPassport, coDriverPassport, medicalConditions, dietaryRequirements, ...storedAsIs } = getTableColumns(signups);

/** Every signups column but the sealed ones: for work that needs no passport or medical detail, so it needs no key either. */
export const plainTeamColumns = storedAsIs;
export type PlainTeam = Omit<Signup, 'driverPassport' | 'coDriverPassport' | 'medicalConditions' | 'dietaryRequirements'>;

/**
 * Every signups column as lists and edit answers carry it. The sealed ones are masked in SQL from
 * their presence (blanks are stored as null), so a list never decrypts: it needs no key, answers
 * even when the key is wrong, and no passport or medical detail is ever in its memory. Revealing
 * one team's values (routes.ts) is what opens them.
 */
export const maskedTeamColumns = {
  ...storedAsIs,
  driverPassport: maskWhenStored(driverPassport, PASSPORT_MASK),
  coDriverPassport: maskWhenStored(coDriverPassport, PASSPORT_MASK),
  medicalConditions: maskWhenStored(medicalConditions, ON_FILE),
  dietaryRequirements: maskWhenStored(dietaryRequirements, ON_FILE),
};

const isoDates = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A registration as an edit answers it (read through maskedTeamColumns): dates as ISO strings. */
export function toAdminTeamRecord(row: Omit<TeamRecord, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): TeamRecord {
  return isoDates(row);
}

/** A row of the organisers' list (read through maskedTeamColumns), with its donation figures. */
export function toAdminTeam(row: TeamWithTotals) {
  return isoDates(row);
}
