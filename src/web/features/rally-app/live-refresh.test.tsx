import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { FakeEventSource, installFakeEventSource } from '../../test/fake-event-source';
import { afterEach, describe, expect, it } from 'vitest';
import { controlRoomKeys } from '../../query-keys/control-room';
import { clueKeys } from '../../query-keys/clues';
import { teamUpdateKeys } from '../../query-keys/team-updates';
import { useRallyAppLiveRefresh } from './live-refresh';
import { rallyAppKeys } from '../../query-keys/rally-app';

installFakeEventSource();
afterEach(cleanup);

const OUR_TEAM = 12;
const shown = {
  clues: rallyAppKeys.myClues,
  standings: clueKeys.publicStandings,
  messages: controlRoomKeys.myMessages,
  status: controlRoomKeys.myStatus,
  updates: teamUpdateKeys.mine,
};
type Shown = keyof typeof shown;

function RallyApp() {
  useRallyAppLiveRefresh(OUR_TEAM);
  return null;
}

/** The rally app's reads in the cache, fresh, and the page listening; `stale()` names those made stale. */
function renderRallyApp() {
  const client = new QueryClient();
  const refresh = () => Object.values(shown).forEach((key) => client.setQueryData(key, { loaded: true }));
  refresh();
  render(
    <QueryClientProvider client={client}>
      <RallyApp />
    </QueryClientProvider>,
  );
  const stale = () => (Object.keys(shown) as Shown[]).filter((name) => client.getQueryState(shown[name])?.isInvalidated);
  return { stale, refresh, stream: FakeEventSource.opened };
}

describe('the rally app’s live refresh', () => {
  it('opens one stream for the page', () => {
    const { stream } = renderRallyApp();
    expect(stream.map((s) => s.url)).toEqual(['/api/live-events']);
  });

  it('reads the standings again for any team’s change, but the team’s own clues only for its own', () => {
    const { stale, refresh, stream } = renderRallyApp();
    stream[0]!.send({ kind: 'standings.changed', signupId: 99 });
    expect(stale()).toEqual(['standings']);
    refresh();
    stream[0]!.send({ kind: 'standings.changed', signupId: OUR_TEAM });
    expect(stale()).toEqual(['clues', 'standings']);
  });

  it('reads the messages again on a new message, the team’s updates on a change to its own', () => {
    const { stale, refresh, stream } = renderRallyApp();
    stream[0]!.send({ kind: 'messages.new', id: 3 });
    expect(stale()).toEqual(['messages']);
    refresh();
    stream[0]!.send({ kind: 'updates.changed', signupId: 99, id: 4 });
    expect(stale()).toEqual([]);
    stream[0]!.send({ kind: 'updates.changed', signupId: OUR_TEAM, id: 5 });
    expect(stale()).toEqual(['updates']);
  });

  it('reads everything again on live.resync', () => {
    const { stale, stream } = renderRallyApp();
    stream[0]!.send({ kind: 'live.resync' });
    expect(stale()).toEqual(['clues', 'standings', 'messages', 'status', 'updates']);
  });
});
