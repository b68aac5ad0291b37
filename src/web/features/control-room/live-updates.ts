import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from './query-keys';

/** Events that change what the control room shows: an SOS, a team's contact, answers and photos, messages. */
const REFETCH_ON = new Set(['admin.sos', 'admin.contact', 'standings.changed', 'positions.changed', 'messages.new', 'live.resync']);

/**
 * Keeps the control room current: the organisers' live stream (GET /api/admin/live/events) names
 * what changed, and the screen fetches it again, so an SOS shows within a second. The browser's
 * EventSource reconnects by itself; the half-minute refetch covers the time it is away.
 */
export function useControlRoomLiveUpdates(extraKeys: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/live/events', { withCredentials: true });
    source.onmessage = (message) => {
      let kind = '';
      try {
        kind = (JSON.parse(message.data as string) as { kind?: string }).kind ?? '';
      } catch {
        return;
      }
      if (!REFETCH_ON.has(kind)) return;
      void queryClient.invalidateQueries({ queryKey: controlRoomKeys.room });
      if (kind === 'messages.new') void queryClient.invalidateQueries({ queryKey: controlRoomKeys.sentMessages });
      for (const key of extraKeys) void queryClient.invalidateQueries({ queryKey: key });
    };
    return () => source.close();
    // The keys are constants of the page: the stream opens once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
}
