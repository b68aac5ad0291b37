import { useQuery } from '@tanstack/react-query';
import type { Participant } from '@common/participants';
import { publicSiteKeys } from '../../query-keys/public-site';

/** Every historic participant; search and filtering happen in the browser (spec section 7). */
export const useParticipants = () => useQuery<Participant[]>({ queryKey: publicSiteKeys.participants });

export const useRallyParticipants = (year: number) => useQuery<Participant[]>({ queryKey: publicSiteKeys.rallyParticipants(year) });
