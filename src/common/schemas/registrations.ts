import { z } from 'zod';
import { teamRecordSchema } from './signup';
import { veteranYearsSchema } from './veterans';

/**
 * A registration in the organisers' list: every stored field plus its donation figures. In lists,
 * passports read `•••••` and medical and dietary data "on file" when stored, or null; worked out
 * without decrypting them (server: masking.ts).
 */
export const adminTeamSchema = teamRecordSchema.extend({
  /** Pence. */
  donationTotal: z.number().int(),
  donationCount: z.number().int(),
  /** The deposit, when one is recorded (pence; YYYY-MM-DD). */
  depositAmountPence: z.number().int().nullable(),
  depositPaidOn: z.string().nullable(),
  /** The driver's and co-driver's earlier rallies from the historic database. */
  veteranYears: veteranYearsSchema,
  /** Moved to the waiting list by an organiser: no free place is offered to it until they clear this. */
  heldOnWaitingList: z.boolean(),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

/** One team's passport, medical and dietary values, revealed to an organiser (and audited). */
export const sensitiveValuesSchema = teamRecordSchema.pick({
  id: true,
  driverPassport: true,
  coDriverPassport: true,
  medicalConditions: true,
  dietaryRequirements: true,
});
export type SensitiveValues = z.infer<typeof sensitiveValuesSchema>;
