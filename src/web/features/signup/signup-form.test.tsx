import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RegistrationStatus } from '@common/schemas/entry-status';
import { SignupForm } from './signup-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

// The money facts read the season's settings, which this form's mapping does not depend on.
vi.mock('../../components/money-facts', () => ({ MoneyFacts: () => null }));

const open: RegistrationStatus = { open: true, full: false, phase: 'open', opensAt: null, closesAt: null, resultsPublished: false };
const alreadyOnATeam = 'This e-mail address is already registered for this year. Log in to see your team.';

describe('the registration form', () => {
  it('sends the answered sections, blanks the ones answered No, and shows the refusal beside a Log In link', async () => {
    const { changes } = interceptFetch({
      'GET /api/signup/status': () => open,
      'POST /api/signup': () => new Response(JSON.stringify({ message: alreadyOnATeam }), { status: 409 }),
    });
    const { user, screen } = renderForm(<SignupForm />);
    const field = (label: RegExp) => screen.getByLabelText(label);
    const answer = (question: string, option: 'Yes' | 'No') =>
      user.click(within(screen.getByRole('group', { name: question })).getByRole('radio', { name: option }));
    await user.type(field(/^Team name/), 'Rusty Rockets');
    await user.type(field(/^First name/), 'Olivia');
    await user.type(field(/^Last name/), 'Le Sueur');
    await user.type(field(/^Email/), 'olivia@example.je');
    await user.type(field(/^Phone/), '07700 900123');
    await user.type(field(/^Address/), '1 Rue de la Mer, St Helier');
    await answer('Have you chosen a co-driver?', 'Yes');
    // The co-driver section was opened and filled, then answered No: nothing of it is sent.
    await user.type(field(/^Co-driver first name/), 'Cass');
    await answer('Have you chosen a co-driver?', 'No');
    await answer("Do you know what you're going to be driving?", 'Yes');
    await user.type(field(/^Make/), 'Volvo');
    await user.type(field(/^Year/), '1989');
    await user.type(field(/^Emergency contact name/), 'Gran');
    await user.type(field(/^Emergency contact phone/), '07700 900789');
    await user.type(field(/^Relationship/), 'Grandmother');
    await user.click(screen.getByRole('button', { name: 'Submit Registration' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toMatchObject({ method: 'POST', url: '/api/signup' });
    // Blank optional fields go as null, and so does every field of a section answered No.
    expect(changes()[0]!.body).toEqual({
      teamName: 'Rusty Rockets',
      driverFirstName: 'Olivia',
      driverLastName: 'Le Sueur',
      driverEmail: 'olivia@example.je',
      driverPhone: '07700 900123',
      driverAddress: '1 Rue de la Mer, St Helier',
      driverPassport: null,
      newsletterOptIn: false,
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
      previousRally: false,
      previousRallyYears: [],
      dietaryRequirements: null,
      medicalConditions: null,
      emergencyContactName: 'Gran',
      emergencyContactPhone: '07700 900789',
      emergencyContactRelationship: 'Grandmother',
      justGivingUrl: null,
    });
    // The server's refusal, with the way in, and what was typed is kept.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(alreadyOnATeam));
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(field(/^Team name/)).toHaveProperty('value', 'Rusty Rockets');
  });
});
