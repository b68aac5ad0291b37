import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyClues, PublicStandings } from '@common/schemas/clues';
import type { MyTracking } from '@common/schemas/tracking';
import { clueKeys } from '../../query-keys/clues';
import { trackingKeys } from '../../query-keys/tracking';
import { rallyAppKeys } from '../../query-keys/rally-app';

/**
 * offlineFirst: the request is made even without signal, so the service worker can answer it
 * with the last copy it kept; a failed read keeps the data shown before.
 */
const offline = { networkMode: 'offlineFirst', refetchInterval: 60_000 } as const;

/** The team, today's released clues with its answers and hints, its score, and the clues to come. */
export const myCluesQuery = () => queryOptions<MyClues>({ queryKey: rallyAppKeys.myClues, ...offline });
export const useMyClues = () => useQuery(myCluesQuery());

/** Every team's standing (the public list). */
export const standingsQuery = () => queryOptions<PublicStandings>({ queryKey: clueKeys.publicStandings, ...offline });
export const useStandings = () => useQuery(standingsQuery());

/** Whether the team shares its position (tracking feature's read, by its key). */
export const sharingStateQuery = () => queryOptions<MyTracking>({ queryKey: trackingKeys.mine, networkMode: 'offlineFirst' });
export const useSharingState = () => useQuery(sharingStateQuery());
