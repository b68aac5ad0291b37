import { describe, expect, it } from 'vitest';
import type { MyRallyStatus, Sos } from '@common/schemas/control-room';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { SosStatus } from './sos-status';

const sos = (changes: Partial<Sos> = {}): Sos => ({
  id: 3,
  clientId: '7f1f3c1e-1111-4a4a-9c9c-000000000003',
  raisedAt: '2026-09-10T12:05:00.000Z',
  madeAt: '2026-09-10T12:05:00.000Z',
  arrivedAt: '2026-09-10T12:05:00.000Z',
  seenAt: null,
  resolvedAt: null,
  resolveNote: null,
  ...changes,
});
const status = (openSos: Sos | null): MyRallyStatus => ({ teamName: 'Clueless in Cannes', today: '2026-09-10', allOkToday: null, openSos });
const show = (openSos: Sos | null) => {
  interceptFetch({ 'GET /api/my-rally-app/status': () => status(openSos) });
  return renderForm(<SosStatus />, { timeZone: 'Europe/Paris' }).screen;
};

describe('the team’s SOS status', () => {
  it('says when the organisers saw it, in the rally’s zone', async () => {
    const screen = show(sos({ seenAt: '2026-09-10T12:07:00.000Z' }));
    expect(await screen.findByText(/Seen by the organisers at 14:07\./)).toBeTruthy();
    expect(screen.queryByText(/reached the organisers/)).toBeNull();
  });

  it('says when it was resolved and the organisers’ note', async () => {
    const screen = show(
      sos({ seenAt: '2026-09-10T12:07:00.000Z', resolvedAt: '2026-09-10T12:40:00.000Z', resolveNote: 'Truck on its way' }),
    );
    expect(await screen.findByText('Resolved at 14:40: Truck on its way')).toBeTruthy();
    expect(screen.queryByText(/Seen by the organisers/)).toBeNull();
  });

  it('an SOS that arrived late says when it was pressed and when it arrived; not yet seen says so', async () => {
    const screen = show(sos({ madeAt: '2026-09-10T12:05:00.000Z', arrivedAt: '2026-09-10T15:40:00.000Z' }));
    expect(await screen.findByText('Your SOS was pressed at 14:05 and reached the organisers at 17:40.')).toBeTruthy();
    expect(screen.getByText(/Not yet seen by the organisers/)).toBeTruthy();
  });
});
