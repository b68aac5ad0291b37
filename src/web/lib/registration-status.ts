import { useQuery } from '@tanstack/react-query';
import type { RegistrationStatus } from '@common/schemas/entry-status';

export const registrationStatusKey = ['/api/signup/status'] as const;

/** Whether registration is open and the car limit reached: the home page's note and the registration form read it. */
export const useRegistrationStatus = () => useQuery<RegistrationStatus>({ queryKey: registrationStatusKey });
