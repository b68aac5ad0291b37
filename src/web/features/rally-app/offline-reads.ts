import type { QueryClient } from '@tanstack/react-query';
import { controlRoomKeys } from '../../query-keys/control-room';
import { teamUpdateKeys } from '../../query-keys/team-updates';

/**
 * The other features' reads the rally app shows (the organisers' messages, the team's SOS and All
 * OK, its updates) are made even without signal, as the app's own are (`offlineFirst`): the service
 * worker answers them with the copy it kept, rather than the query waiting for the network.
 */
export function keepReadsOffline(client: QueryClient): void {
  for (const queryKey of [controlRoomKeys.myMessages, controlRoomKeys.myStatus, teamUpdateKeys.mine])
    client.setQueryDefaults(queryKey, { networkMode: 'offlineFirst' });
}
