import { useQuery } from '@tanstack/react-query';
import type { Participant } from '@common/participants';

/** Every historic participant; search and filtering happen in the browser (spec section 7). */
export const useParticipants = () => useQuery<Participant[]>({ queryKey: ['/api/participants'] });

export const useRallyParticipants = (year: number) => useQuery<Participant[]>({ queryKey: [`/api/participants/${year}`] });
