import type { AdminTeam } from './schemas/registrations';

/** Spec: Complete when both the driver's and the co-driver's passports are filled. */
export function passportStatus(s: Pick<AdminTeam, 'driverPassport' | 'coDriverPassport'>): 'Complete' | 'Incomplete' {
  return s.driverPassport?.trim() && s.coDriverPassport?.trim() ? 'Complete' : 'Incomplete';
}
