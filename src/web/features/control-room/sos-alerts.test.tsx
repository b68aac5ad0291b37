import { describe, expect, it } from 'vitest';
import type { SosAlert } from '@common/schemas/control-room';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { SosAlerts } from './sos-alerts';

const alert = (changes: Partial<SosAlert> = {}): SosAlert => ({
  id: 9,
  signupId: 4,
  teamName: 'Clueless in Cannes',
  raisedAt: '2026-09-10T15:40:00.000Z',
  madeAt: '2026-09-10T12:05:00.000Z',
  arrivedAt: '2026-09-10T15:40:00.000Z',
  repeatedAt: null,
  note: 'Tyre gone',
  position: { lat: 48.45472, lng: -2.04806, accuracy: 15, at: '2026-09-10T12:05:00.000Z', source: 'sos' },
  seenAt: null,
  seenBy: null,
  escalatedAt: null,
  resolvedAt: null,
  driver: { name: 'Olivia Le Sueur', phone: '+44 7700 900123' },
  coDriver: { name: 'Jean Renouf', phone: '+44 7700 900789' },
  emergencyContact: { name: 'Tom Le Brocq', phone: '+44 7700 900456', relationship: 'Brother' },
  ...changes,
});

describe('the control room’s SOS card', () => {
  it('shows when it was pressed and arrived in the rally’s zone, the position’s own time, and whom to call', () => {
    interceptFetch({});
    const { screen } = renderForm(<SosAlerts alerts={[alert()]} timeZone="Europe/Paris" />);
    expect(screen.getByText(/Pressed at 14:05 .*reached the site at 17:40/)).toBeTruthy();
    expect(screen.getByText(/Position sent with the SOS at 14:05/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in a map' }).getAttribute('href')).toContain('mlat=48.45472&mlon=-2.04806');
    expect(screen.getByRole('link', { name: '+44 7700 900123' }).getAttribute('href')).toBe('tel:+447700900123');
    expect(screen.getByRole('link', { name: '+44 7700 900789' }).getAttribute('href')).toBe('tel:+447700900789');
    expect(screen.getByRole('link', { name: '+44 7700 900456' }).getAttribute('href')).toBe('tel:+447700900456');
    expect(screen.getByText(/Tom Le Brocq \(Brother\)/)).toBeTruthy();
    expect(screen.getByText('Not yet seen by an organiser.')).toBeTruthy();
  });

  it('“I’ve seen it” posts once; “Mark resolved” asks for a note and sends nothing without one', async () => {
    const { changes } = interceptFetch({
      'POST /api/admin/control-room/sos/9/seen': () => ({}),
      'POST /api/admin/control-room/sos/9/resolve': () => ({}),
    });
    const { user, screen } = renderForm(<SosAlerts alerts={[alert()]} timeZone="Europe/Paris" />);
    await user.click(screen.getByRole('button', { name: 'I’ve seen it' }));
    await user.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await user.click(screen.getByRole('button', { name: 'Resolve with this note' }));
    expect(screen.getByText('Please say how the SOS was resolved.')).toBeTruthy();
    expect(changes().map((r) => r.url)).toEqual(['/api/admin/control-room/sos/9/seen']);
    await user.type(screen.getByLabelText(/How was it resolved/), ' Recovery truck booked ');
    await user.click(screen.getByRole('button', { name: 'Resolve with this note' }));
    await expect.poll(() => changes().length).toBe(2);
    expect(changes()[1]).toEqual({ method: 'POST', url: '/api/admin/control-room/sos/9/resolve', body: { note: 'Recovery truck booked' } });
  });

  it('a seen SOS says by whom and offers no “I’ve seen it”', () => {
    interceptFetch({});
    const { screen } = renderForm(
      <SosAlerts alerts={[alert({ seenAt: '2026-09-10T15:42:00.000Z', seenBy: 'Sam Organiser' })]} timeZone="Europe/Paris" />,
    );
    expect(screen.getByText(/Seen by Sam Organiser at 17:42/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I’ve seen it' })).toBeNull();
  });
});
