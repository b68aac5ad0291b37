import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@common/schemas/live-events';
import { controlRoomKeys } from '../../query-keys/control-room';
import { useLiveEvents, useLiveQueryInvalidation } from '../../lib/live-events';
import { teamUpdateKeys } from '../../query-keys/team-updates';
import { rallyAppKeys } from '../../query-keys/rally-app';

/** The team's own reads, made stale only by events about this team (the stream carries every team's). */
const OWN: Partial<Record<LiveEvent['kind'], QueryKey>> = {
  'standings.changed': rallyAppKeys.myClues,
  'updates.changed': teamUpdateKeys.mine,
};

/**
 * Keeps the open rally app current from the public live stream (one per page): the standings on
 * `standings.changed` (any team), the team's clues and score only when the event names this team
 * (a photo approved), so other teams' answers do not make every phone read its clues again; the
 * organisers' messages on `messages.new`; everything on `live.resync`.
 */
export function useRallyAppLiveRefresh(teamId: number): void {
  const queryClient = useQueryClient();
  useLiveQueryInvalidation({
    'messages.new': [controlRoomKeys.myMessages],
    'live.resync': [rallyAppKeys.myClues, controlRoomKeys.myMessages, controlRoomKeys.myStatus, teamUpdateKeys.mine],
  });
  useLiveEvents((event) => {
    const key = OWN[event.kind];
    if (key && event.signupId === teamId) void queryClient.invalidateQueries({ queryKey: key });
  });
}
