import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminClue,
  AdminClueList,
  AdminStandings,
  ClueFields,
  PendingPhoto,
  Penalty,
  PenaltyInput,
  PublicStandings,
  DayStory,
} from '@common/schemas/clues';
import { getJson, sendJson } from '../../lib/api';
import { clueKeys } from '../../query-keys/clues';

/** The season's rally days and their clues, for /admin/clues. */
export const seasonCluesQuery = () => queryOptions({ queryKey: clueKeys.all, queryFn: () => getJson<AdminClueList>('/api/admin/clues') });
export const useSeasonClues = () => useQuery(seasonCluesQuery());

/**
 * The hunt's public standings, for /live. Fresh through the live events; read again each minute
 * too, as a clue's release changes the teams' progress without an event.
 */
export const publicStandingsQuery = (enabled = true) =>
  queryOptions({
    queryKey: clueKeys.publicStandings,
    queryFn: () => getJson<PublicStandings>('/api/clues/standings'),
    refetchInterval: 60_000,
    enabled,
  });
export const usePublicStandings = (enabled = true) => useQuery(publicStandingsQuery(enabled));

function useClueChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: clueKeys.all }) });
}

export const useAddClue = () => useClueChange((fields: ClueFields) => sendJson<AdminClue>('POST', '/api/admin/clues', fields));
export const useUpdateClue = () =>
  useClueChange(({ id, fields }: { id: number; fields: ClueFields }) => sendJson<AdminClue>('PUT', `/api/admin/clues/${id}`, fields));
export const useDeleteClue = () => useClueChange((id: number) => sendJson('DELETE', `/api/admin/clues/${id}`));

/** Photo answers waiting for an organiser, read again every half minute while the screen is open. */
export const pendingPhotosQuery = () =>
  queryOptions({ queryKey: clueKeys.photos, queryFn: () => getJson<PendingPhoto[]>('/api/admin/clues/photos'), refetchInterval: 30_000 });
export const usePendingPhotos = () => useQuery(pendingPhotosQuery());

export function usePhotoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      reason === undefined
        ? sendJson('POST', `/api/admin/clues/photos/${id}/approve`)
        : sendJson('POST', `/api/admin/clues/photos/${id}/reject`, { reason }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clueKeys.photos }),
        queryClient.invalidateQueries({ queryKey: clueKeys.standings }),
      ]),
  });
}

export const clueStandingsQuery = () =>
  queryOptions({
    queryKey: clueKeys.standings,
    queryFn: () => getJson<AdminStandings>('/api/admin/clues/standings'),
    refetchInterval: 30_000,
  });
export const useClueStandings = () => useQuery(clueStandingsQuery());

/** Penalties change the standings: both read them again. */
function usePenaltyChange<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: clueKeys.standings }) });
}

export const useAddPenalty = () =>
  usePenaltyChange((input: PenaltyInput) => sendJson<Penalty>('POST', '/api/admin/clues/penalties', input));
export const useRemovePenalty = () => usePenaltyChange((id: number) => sendJson('DELETE', `/api/admin/clues/penalties/${id}`));

/** The treasure hunt day by day on /rally/{year}. */
export const dayStoryQuery = (year: number) =>
  queryOptions({ queryKey: clueKeys.story(year), queryFn: () => getJson<DayStory>(`/api/clues/${year}/story`) });
