import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRallyMessage,
  AllOk,
  ControlRoom,
  MyRallyStatus,
  RallyMessage,
  RallyMessageInput,
  Sos,
  SosInput,
  SosResolve,
} from '@common/schemas/control-room';
import { getJson, sendJson } from '../../lib/api';
import { controlRoomKeys } from '../../query-keys/control-room';

/** The organisers' view of every team, read again every half minute (the live stream makes it sooner). */
export const controlRoomQuery = () =>
  queryOptions({ queryKey: controlRoomKeys.room, queryFn: () => getJson<ControlRoom>('/api/admin/control-room'), refetchInterval: 30_000 });
export const useControlRoom = () => useQuery(controlRoomQuery());

/** Marks an SOS resolved, saying how (the team reads the note). */
export function useResolveSos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      sendJson<Sos>('POST', `/api/admin/control-room/sos/${id}/resolve`, { note } satisfies SosResolve),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlRoomKeys.room }),
  });
}

/** "I've seen it": the team is told the organisers have it, and it is not e-mailed again. */
export function useSeeSos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<Sos>('POST', `/api/admin/control-room/sos/${id}/seen`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlRoomKeys.room }),
  });
}

export const sentMessagesQuery = () =>
  queryOptions({ queryKey: controlRoomKeys.sentMessages, queryFn: () => getJson<AdminRallyMessage[]>('/api/admin/control-room/messages') });
export const useSentMessages = () => useQuery(sentMessagesQuery());

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RallyMessageInput) => sendJson<AdminRallyMessage>('POST', '/api/admin/control-room/messages', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controlRoomKeys.sentMessages }),
  });
}

// The rally app's side

/** The team's own state: tonight's All OK and its open SOS. */
export const myRallyStatusQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.myStatus,
    queryFn: () => getJson<MyRallyStatus>('/api/my-rally-app/status'),
    refetchInterval: 60_000,
  });
export const useMyRallyStatus = () => useQuery(myRallyStatusQuery());

/** The organisers' messages to this team and to all, newest first. */
export const myMessagesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.myMessages,
    queryFn: () => getJson<RallyMessage[]>('/api/my-rally-app/messages'),
    refetchInterval: 60_000,
  });
export const useMyMessages = () => useQuery(myMessagesQuery());

export const postSos = (input: SosInput) => sendJson<Sos>('POST', '/api/my-rally-app/sos', input);
export const postAllOk = (clientId: string) => sendJson<AllOk>('POST', '/api/my-rally-app/all-ok', { clientId });

/** The server's public key for Web Push, which the browser's subscription is made with. */
export const getPushPublicKey = () => getJson<{ publicKey: string }>('/api/my-rally-app/push-public-key');

/** Stores this phone's push subscription for the signed-in team. */
export const savePushSubscription = (subscription: { endpoint?: string; keys?: Record<string, string> }) =>
  sendJson('POST', '/api/my-rally-app/push-subscription', subscription);
