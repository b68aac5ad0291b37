import { useQuery } from '@tanstack/react-query';
import type { Participant } from '@common/participants';
import { participantsKeys } from '../../query-keys/participants';

/** Every historic participant; search and filtering happen in the browser (spec section 7). */
export const useParticipants = () => useQuery<Participant[]>({ queryKey: participantsKeys.participants });

export const useRallyParticipants = (year: number) => useQuery<Participant[]>({ queryKey: participantsKeys.rallyParticipants(year) });
