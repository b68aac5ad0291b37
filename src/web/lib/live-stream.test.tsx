import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../test/fake-event-source';
import { controlRoomKeys } from '../query-keys/control-room';
import { useControlRoomLiveUpdates } from '../features/control-room/live-updates';
import { useLiveEvents } from './live-events';
import { useLiveStream } from './live-stream';

installFakeEventSource();
afterEach(cleanup);

function ControlRoom() {
  useControlRoomLiveUpdates();
  return null;
}

describe('the web app’s one live-stream client', () => {
  it('reads the control room again after its stream reconnects (events sent meanwhile were lost)', () => {
    const client = new QueryClient();
    client.setQueryData(controlRoomKeys.room, { loaded: true });
    render(
      <QueryClientProvider client={client}>
        <ControlRoom />
      </QueryClientProvider>,
    );
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/admin/live-events');
    act(() => stream!.onopen?.());
    expect(client.getQueryState(controlRoomKeys.room)?.isInvalidated).toBe(false);

    act(() => stream!.onerror?.());
    act(() => stream!.onopen?.());
    expect(client.getQueryState(controlRoomKeys.room)?.isInvalidated).toBe(true);
  });

  it('opens one stream per address however many parts of the page listen, and closes it with the last', () => {
    const heard: string[] = [];
    function Part({ name }: { name: string }) {
      useLiveStream('/api/live-events', (event) => heard.push(`${name}:${event.kind}`));
      return null;
    }
    function LivePart() {
      useLiveEvents((event) => heard.push(`live:${event.kind}`));
      return null;
    }
    const view = render(
      <>
        <Part name="messages" />
        <LivePart />
      </>,
    );
    expect(FakeEventSource.opened).toHaveLength(1);
    FakeEventSource.opened[0]!.send({ kind: 'messages.new' });
    expect(heard).toEqual(['messages:messages.new', 'live:messages.new']);
    view.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });
});
