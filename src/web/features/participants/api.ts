import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Participant } from '@common/participants';
import { participantsKeys } from '../../query-keys/participants';

/** Every historic participant; search and filtering happen in the browser (spec section 7). */
export const participantsQuery = () => queryOptions<Participant[]>({ queryKey: participantsKeys.participants });
export const useParticipants = () => useQuery(participantsQuery());

export const rallyParticipantsQuery = (year: number) => queryOptions<Participant[]>({ queryKey: participantsKeys.rallyParticipants(year) });
export const useRallyParticipants = (year: number) => useQuery(rallyParticipantsQuery(year));
