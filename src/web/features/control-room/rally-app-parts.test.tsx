import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyRallyStatus, RallyMessage } from '@common/schemas/control-room';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { AllOkButton, SosButton, TeamMessages } from './index';

const status = (changes: Partial<MyRallyStatus> = {}): MyRallyStatus => ({
  teamName: 'Clueless in Cannes',
  today: '2026-09-10',
  allOkToday: null,
  openSos: null,
  ...changes,
});

/** A phone that gives its position, as the rally app's browser does once allowed. */
function phoneAt(lat: number, lng: number, accuracy: number) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: lat, longitude: lng, accuracy } } as GeolocationPosition),
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the rally app’s SOS button', () => {
  it('asks to confirm, then sends the position and note once, and shows the SOS once the site has it', async () => {
    phoneAt(48.45472, -2.04806, 15);
    let raised: MyRallyStatus['openSos'] = null;
    const { changes } = interceptFetch({
      'GET /api/my-rally-app/status': () => status({ openSos: raised }),
      'POST /api/my-rally-app/sos': (body) => {
        const at = '2026-09-10T12:00:00.000Z';
        raised = {
          id: 7,
          clientId: (body as { clientId: string }).clientId,
          raisedAt: at,
          madeAt: at,
          arrivedAt: at,
          seenAt: null,
          resolvedAt: null,
          resolveNote: null,
        };
        return raised;
      },
    });
    const { user, screen } = renderForm(<SosButton />);
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    expect(changes()).toHaveLength(0);
    await user.type(screen.getByLabelText('What happened (optional)'), ' Tyre gone ');
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    expect(await screen.findByText(/SOS sent at/)).toBeTruthy();
    expect(changes()).toEqual([
      {
        method: 'POST',
        url: '/api/my-rally-app/sos',
        body: {
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          position: { lat: 48.45472, lng: -2.04806, accuracy: 15 },
          note: 'Tyre gone',
        },
      },
    ]);
  });

  it('hands the SOS to the given send (the rally app’s queue) and says it is on its way until the site has it', async () => {
    phoneAt(48.4, -2.0, 10);
    const { changes } = interceptFetch({ 'GET /api/my-rally-app/status': () => status() });
    const send = vi.fn(async () => {});
    const { user, screen } = renderForm(<SosButton send={send} />);
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    expect(await screen.findByText(/Your SOS is on its way/)).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      position: { lat: 48.4, lng: -2.0, accuracy: 10 },
    });
    expect(changes()).toHaveLength(0);
  });

  it('a refusal says why', async () => {
    phoneAt(48.4, -2.0, 10);
    const { changes } = interceptFetch({
      'GET /api/my-rally-app/status': () => status(),
      'POST /api/my-rally-app/sos': () => new Response('{"message":"You are not on a team in this year\'s rally."}', { status: 404 }),
    });
    const { user, screen } = renderForm(<SosButton />);
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    expect((await screen.findByRole('alert')).textContent).toContain("You are not on a team in this year's rally.");
    expect(changes()).toHaveLength(1);
  });
});

describe('All OK tonight', () => {
  it('sends one id and then shows when the site has it', async () => {
    let allOkToday: MyRallyStatus['allOkToday'] = null;
    const { changes } = interceptFetch({
      'GET /api/my-rally-app/status': () => status({ allOkToday }),
      'POST /api/my-rally-app/all-ok': () => (allOkToday = { day: '2026-09-10', at: '2026-09-10T19:42:00.000Z' }),
    });
    const { user, screen } = renderForm(<AllOkButton />);
    await user.click(await screen.findByRole('button', { name: 'All OK tonight' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'POST',
      url: '/api/my-rally-app/all-ok',
      body: { clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(await screen.findByText(/All OK tonight sent at/)).toBeTruthy();
  });

  it('queued while the site asks for a login, it says it is not sent rather than on its way', async () => {
    interceptFetch({ 'GET /api/my-rally-app/status': () => status() });
    const { screen } = renderForm(<AllOkButton send={vi.fn(async () => {})} queued loginNeeded />);
    expect(await screen.findByText('Not sent: log in to send it.')).toBeTruthy();
    expect(screen.queryByText(/On its way/)).toBeNull();
  });
});

describe('the team’s messages', () => {
  it('lists them as the site gives them (newest first) and offers no notifications where the browser cannot show them', async () => {
    const messages: RallyMessage[] = [
      { id: 2, body: 'Call the organisers', toAll: false, sentAt: '2026-09-10T12:00:00.000Z' },
      { id: 1, body: 'Dinner at 8', toAll: true, sentAt: '2026-09-10T10:00:00.000Z' },
    ];
    interceptFetch({ 'GET /api/my-rally-app/messages': () => messages });
    const { screen } = renderForm(<TeamMessages />);
    expect(screen.getByRole('status', { name: 'Loading the messages' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('To your team'), expect.stringContaining('To all teams')]);
    expect(items[0]!.textContent).toContain('Call the organisers');
    expect(screen.queryByRole('button', { name: /Allow notifications/ })).toBeNull();
  });
});
