import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlRoomKeys } from '../../query-keys/control-room';
import { teamUpdateKeys } from '../../query-keys/team-updates';
import { keepReadsOffline } from './offline-reads';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function Read({ queryKey, queryFn }: { queryKey: readonly string[]; queryFn: () => Promise<unknown> }) {
  useQuery({ queryKey, queryFn });
  return null;
}

describe('the rally app’s reads of other features without signal', () => {
  it('are still asked for (the service worker answers with its copy)', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    keepReadsOffline(client);
    const asked = vi.fn(async () => []);
    render(
      <QueryClientProvider client={client}>
        {[controlRoomKeys.myMessages, controlRoomKeys.myStatus, teamUpdateKeys.mine].map((key) => (
          <Read key={key[0]} queryKey={key} queryFn={asked} />
        ))}
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(3));
  });

  it('would wait for the network without it (what keepReadsOffline changes)', async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    const asked = vi.fn(async () => []);
    render(
      <QueryClientProvider client={client}>
        <Read queryKey={controlRoomKeys.myMessages} queryFn={asked} />
      </QueryClientProvider>,
    );
    // TanStack's default: the read is paused until the phone says it is online, never asked.
    await waitFor(() => expect(client.getQueryState(controlRoomKeys.myMessages)?.fetchStatus).toBe('paused'));
    expect(asked).not.toHaveBeenCalled();
  });
});
