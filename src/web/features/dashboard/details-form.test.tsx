import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DriverView } from './api';
import { DetailsForm } from './details-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

const driverView = (changes: Partial<DriverView> = {}): DriverView => ({
  id: 7,
  rallyYear: 2026,
  teamName: 'Rusty Rockets',
  driverFirstName: 'Olivia',
  driverLastName: 'Le Sueur',
  driverEmail: 'olivia@example.je',
  driverPhone: '07700 900123',
  driverAddress: '1 Rue de la Mer, St Helier',
  driverPassport: '****1234',
  coDriverFirstName: 'Cass',
  coDriverLastName: 'Codriver',
  coDriverEmail: null,
  coDriverPhone: '07700 900456',
  coDriverAddress: '2 Rue de la Mer',
  coDriverPassport: null,
  carMake: 'Volvo',
  carModel: '240 Estate',
  carYear: 1989,
  carRegistration: 'J 12345',
  carImageUrl: null,
  fundraisingTarget: null,
  story: null,
  newDonationEmails: true,
  previousRally: true,
  previousRallyYears: [2017],
  dietaryRequirements: null,
  medicalConditions: 'None',
  emergencyContactName: 'Gran',
  emergencyContactPhone: '07700 900789',
  emergencyContactRelationship: 'Grandmother',
  sponsors: [],
  justGivingUrl: null,
  status: 'confirmed',
  createdAt: '2026-01-10T10:00:00.000Z',
  role: 'driver',
  coDriverStatus: 'none',
  waitingListPosition: null,
  veteranYears: { driver: [], coDriver: [] },
  rallyOver: false,
  result: null,
  ...changes,
});

const pastRallies = () => [
  { year: 2017, destination: 'Milan' },
  { year: 2015, destination: 'Paris' },
];

describe("the team's details form", () => {
  it('starts from the registration on file, passports blank', async () => {
    interceptFetch({ 'GET /api/past-rallies/menu': pastRallies });
    const { screen } = renderForm(<DetailsForm signup={driverView()} />);
    expect(screen.getByLabelText(/^Team name/)).toHaveProperty('value', 'Rusty Rockets');
    expect(screen.getByLabelText(/^Driver address/)).toHaveProperty('value', '1 Rue de la Mer, St Helier');
    expect(screen.getByLabelText('Car year')).toHaveProperty('value', '1989');
    expect(screen.getByLabelText('Car registration')).toHaveProperty('value', 'J 12345');
    expect(screen.getByLabelText('Dietary requirements')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Previous rally participant')).toHaveProperty('checked', true);
    expect(await screen.findByLabelText('2017')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('2015')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Driver passport number')).toHaveProperty('value', '');
    expect(screen.getByText('On file: ****1234. Leave blank to keep it.')).toBeTruthy();
  });

  it('sends the changes with numbers as numbers and no blank passport, then shows what the server kept', async () => {
    const { changes } = interceptFetch({
      'GET /api/past-rallies/menu': pastRallies,
      // The server tidies the name: the form shows what was kept, not what was typed.
      'PATCH /api/my-dashboard/team': (body) => driverView({ ...(body as Partial<DriverView>), teamName: 'Rusty Rockets II' }),
    });
    const { user, screen } = renderForm(<DetailsForm signup={driverView()} />);
    await user.clear(screen.getByLabelText(/^Team name/));
    await user.type(screen.getByLabelText(/^Team name/), 'Rusty Rockets 2');
    await user.clear(screen.getByLabelText('Car year'));
    await user.type(screen.getByLabelText('Car year'), '1991');
    await user.type(screen.getByLabelText('Co-driver passport number'), 'X7654321');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toMatchObject({ method: 'PATCH', url: '/api/my-dashboard/team' });
    const body = changes()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      teamName: 'Rusty Rockets 2',
      carYear: 1991,
      coDriverPassport: 'X7654321',
      previousRally: true,
      previousRallyYears: [2017],
      emergencyContactName: 'Gran',
    });
    expect(body).not.toHaveProperty('driverPassport');
    await waitFor(() => expect(screen.getByLabelText(/^Team name/)).toHaveProperty('value', 'Rusty Rockets II'));
  });

  it("leaves out a joined co-driver's own details", async () => {
    const { changes } = interceptFetch({
      'GET /api/past-rallies/menu': pastRallies,
      'PATCH /api/my-dashboard/team': (body) => driverView({ coDriverStatus: 'joined', ...(body as Partial<DriverView>) }),
    });
    const { user, screen } = renderForm(<DetailsForm signup={driverView({ coDriverStatus: 'joined' })} />);
    expect(screen.queryByLabelText('Co-driver phone')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    const body = changes()[0]!.body as Record<string, unknown>;
    for (const field of ['coDriverPhone', 'coDriverAddress', 'coDriverPassport']) expect(body).not.toHaveProperty(field);
    expect(body).toHaveProperty('coDriverFirstName', 'Cass');
  });
});
