import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTeam } from '@common/schemas/registrations';
import { TeamEditForm } from './team-edit-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

// What the form reads of a registration as the organisers' list carries it (sensitive values masked).
const signup = {
  id: 7,
  teamName: 'Rusty Rockets',
  justGivingUrl: null,
  driverFirstName: 'Olivia',
  driverLastName: 'Le Sueur',
  driverEmail: 'olivia@example.je',
  driverPhone: '07700 900123',
  driverAddress: '1 Rue de la Mer, St Helier',
  driverPassport: '****1234',
  coDriverFirstName: null,
  coDriverLastName: null,
  coDriverEmail: null,
  coDriverPhone: null,
  coDriverAddress: null,
  coDriverPassport: null,
  carMake: 'Volvo',
  carModel: null,
  carYear: 1989,
  carRegistration: null,
  emergencyContactName: 'Gran',
  emergencyContactPhone: '07700 900789',
  emergencyContactRelationship: 'Grandmother',
  previousRally: true,
  previousRallyYears: [2016],
  dietaryRequirements: '****',
  medicalConditions: '****',
} as unknown as AdminTeam;

describe("the organisers' edit of a registration", () => {
  it('sends the typed past years as numbers and the car year as a number, and no sensitive field unless revealed', async () => {
    const { changes } = interceptFetch({ 'PATCH /api/admin/registrations/7': () => ({}) });
    const done = vi.fn();
    const { user, screen } = renderForm(<TeamEditForm signup={signup} sensitiveShown={false} onDone={done} />);
    expect(screen.queryByLabelText('Passport number')).toBeNull();
    expect(screen.queryByLabelText('Medical conditions')).toBeNull();
    await user.clear(screen.getAllByLabelText('Team name')[0]!);
    await user.type(screen.getAllByLabelText('Team name')[0]!, 'Rusty Rockets II');
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '1991');
    await user.clear(screen.getByLabelText('Previous rally years'));
    await user.type(screen.getByLabelText('Previous rally years'), '2016, 2018 2019');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()).toHaveLength(1);
    const { method, url, body } = changes()[0]!;
    expect({ method, url }).toEqual({ method: 'PATCH', url: '/api/admin/registrations/7' });
    expect(body).toMatchObject({
      teamName: 'Rusty Rockets II',
      carYear: 1991,
      previousRally: true,
      previousRallyYears: [2016, 2018, 2019],
    });
    const sensitive = ['driverPassport', 'coDriverPassport', 'dietaryRequirements', 'medicalConditions'];
    expect(Object.keys(body as object).filter((k) => sensitive.includes(k))).toEqual([]);
  });

  it('sends nothing for a past year that is not a year, and says how to type them', async () => {
    const { changes } = interceptFetch({ 'PATCH /api/admin/registrations/7': () => ({}) });
    const { user, screen } = renderForm(<TeamEditForm signup={signup} sensitiveShown={false} onDone={vi.fn()} />);
    await user.clear(screen.getByLabelText('Previous rally years'));
    await user.type(screen.getByLabelText('Previous rally years'), '2016, last year');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Years are four-digit numbers, e.g. 2016, 2018')).toBeTruthy();
    expect(screen.getByLabelText('Previous rally years').getAttribute('aria-invalid')).toBe('true');
    expect(changes()).toEqual([]);
  });

  it('sends the passports and medical details once revealed', async () => {
    const { changes } = interceptFetch({ 'PATCH /api/admin/registrations/7': () => ({}) });
    const done = vi.fn();
    const revealed = { ...signup, driverPassport: 'AB123456', dietaryRequirements: '', medicalConditions: 'Asthma' } as AdminTeam;
    const { user, screen } = renderForm(<TeamEditForm signup={revealed} sensitiveShown onDone={done} />);
    await user.clear(screen.getByLabelText('Medical conditions'));
    await user.type(screen.getByLabelText('Medical conditions'), 'None');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()[0]!.body).toMatchObject({ driverPassport: 'AB123456', medicalConditions: 'None' });
  });
});
