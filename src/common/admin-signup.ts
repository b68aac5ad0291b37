import type { Sponsor } from './schemas/signup';

/**
 * A registration as organisers see it: every stored field, plus its donation figures. In lists,
 * passports are masked (`•••••4321`) and medical and dietary data read "on file" or null.
 */
export type AdminSignup = {
  id: number;
  userId: string | null;
  rallyYear: number;
  teamName: string;
  driverFirstName: string;
  driverLastName: string;
  driverEmail: string;
  driverPhone: string;
  driverAddress: string;
  driverPassport: string | null;
  coDriverFirstName: string | null;
  coDriverLastName: string | null;
  coDriverEmail: string | null;
  coDriverPhone: string | null;
  coDriverAddress: string | null;
  coDriverPassport: string | null;
  carMake: string | null;
  carModel: string | null;
  carYear: number | null;
  carRegistration: string | null;
  carImageUrl: string | null;
  /** Pence; null means the rally minimum. */
  fundraisingTarget: number | null;
  previousRally: boolean;
  previousRallyYears: number[];
  dietaryRequirements: string | null;
  medicalConditions: string | null;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
  sponsors: Sponsor[];
  justGivingUrl: string | null;
  createdAt: string;
  updatedAt: string;
  /** Pence. */
  donationTotal: number;
  donationCount: number;
};

/** One team's passport, medical and dietary values, revealed to an organiser (and audited). */
export type SensitiveValues = Pick<AdminSignup, 'id' | 'driverPassport' | 'coDriverPassport' | 'medicalConditions' | 'dietaryRequirements'>;

/** Spec: Complete when both the driver's and the co-driver's passports are filled. */
export function passportStatus(s: Pick<AdminSignup, 'driverPassport' | 'coDriverPassport'>): 'Complete' | 'Incomplete' {
  return s.driverPassport?.trim() && s.coDriverPassport?.trim() ? 'Complete' : 'Incomplete';
}

/** One row of the organisers' audit log. */
export type AuditLogEntry = {
  id: number;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
};
