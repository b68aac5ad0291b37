import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { FakeEventSource, installFakeEventSource } from '../test/fake-event-source';
import { afterEach, describe, expect, it } from 'vitest';
import { trackingKeys } from '../query-keys/tracking';
import { teamUpdateKeys } from '../query-keys/team-updates';
import { useLiveQueryInvalidation } from './live-events';
import { clueKeys } from '../query-keys/clues';

installFakeEventSource();
afterEach(cleanup);

const shown = {
  standings: clueKeys.publicStandings,
  positions: trackingKeys.livePositions,
  updates: teamUpdateKeys.publicList(null),
  donatePageUpdates: teamUpdateKeys.publicList(7),
};
type Shown = keyof typeof shown;

function Listener() {
  useLiveQueryInvalidation();
  return null;
}

/** The page's answers in the cache, fresh, and one or two parts of the page listening to the stream. */
function renderLivePage(listeners = 1) {
  const client = new QueryClient();
  for (const key of Object.values(shown)) client.setQueryData(key, { loaded: true });
  const view = render(
    <QueryClientProvider client={client}>
      {Array.from({ length: listeners }, (_, i) => (
        <Listener key={i} />
      ))}
    </QueryClientProvider>,
  );
  const stale = () => (Object.keys(shown) as Shown[]).filter((name) => client.getQueryState(shown[name])?.isInvalidated);
  const refresh = () => Object.values(shown).forEach((key) => client.setQueryData(key, { loaded: true }));
  return { view, stale, refresh };
}

describe('the live page’s event stream', () => {
  it('makes stale only what the event names, and everything on live.resync or a reconnect', () => {
    const { stale, refresh } = renderLivePage();
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe('/api/live-events');
    act(() => stream!.onopen?.());
    expect(stale()).toEqual([]);

    stream!.send({ kind: 'standings.changed', signupId: 4 });
    expect(stale()).toEqual(['standings']);
    refresh();
    stream!.send({ kind: 'updates.changed', signupId: 4, id: 9 });
    expect(stale()).toEqual(['updates', 'donatePageUpdates']);
    refresh();
    stream!.send({ kind: 'positions.changed' });
    expect(stale()).toEqual(['positions']);
    refresh();
    stream!.send({ kind: 'something.else' });
    expect(stale()).toEqual([]);

    stream!.send({ kind: 'live.resync' });
    expect(stale()).toEqual(Object.keys(shown));
    refresh();
    // The browser reconnected by itself: events may have been missed meanwhile.
    act(() => stream!.onopen?.());
    expect(stale()).toEqual(Object.keys(shown));
  });

  it('counts a first open after a failed try (opened without signal) as live.resync', () => {
    const { stale } = renderLivePage();
    const [stream] = FakeEventSource.opened;
    act(() => stream!.onerror?.());
    expect(stale()).toEqual([]);
    act(() => stream!.onopen?.());
    expect(stale()).toEqual(Object.keys(shown));
  });

  it('opens one stream for the page however many parts listen, and closes it when the page goes', () => {
    const { view } = renderLivePage(2);
    expect(FakeEventSource.opened).toHaveLength(1);
    view.unmount();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });
});
