import { useQueryClient } from '@tanstack/react-query';
import { useLiveStream } from '../../lib/live-stream';
import { controlRoomKeys } from '../../query-keys/control-room';

/** Events that change what the control room shows: an SOS, a team's contact, answers and photos, messages. */
const REFETCH_ON = new Set(['admin.sos', 'admin.contact', 'standings.changed', 'positions.changed', 'messages.new', 'live.resync']);

/**
 * Keeps the control room current: the organisers' live stream (GET /api/admin/live-events) names
 * what changed, and the screen fetches it again, so an SOS shows within a second. The stream
 * (lib/live-stream.ts) reconnects by itself and says `live.resync` after, when everything is read again.
 */
export function useControlRoomLiveUpdates(extraKeys: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  useLiveStream('/api/admin/live-events', ({ kind }) => {
    if (!REFETCH_ON.has(kind)) return;
    void queryClient.invalidateQueries({ queryKey: controlRoomKeys.room });
    if (kind === 'messages.new' || kind === 'live.resync') void queryClient.invalidateQueries({ queryKey: controlRoomKeys.sentMessages });
    for (const key of extraKeys) void queryClient.invalidateQueries({ queryKey: key });
  });
}
