import { useQuery } from '@tanstack/react-query';
import type { PublicStandings } from '@common/schemas/clues';
import type { LivePositions } from '@common/schemas/tracking';
import { getJson } from '../../lib/api';
import { trackingKeys } from '../../query-keys/tracking';
import { liveKeys } from '../../query-keys/live';

/**
 * The hunt's standings. Fresh through the live events; read again each minute too, as a clue's
 * release changes the teams' progress without an event.
 */
export const usePublicStandings = () =>
  useQuery({ queryKey: liveKeys.standings, queryFn: () => getJson<PublicStandings>('/api/clues/standings'), refetchInterval: 60_000 });

/** The teams sharing their position, late and rounded (GET /api/tracking/positions). */
export const useLivePositions = () =>
  useQuery({ queryKey: trackingKeys.livePositions, queryFn: () => getJson<LivePositions>('/api/tracking/positions') });
