import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminTeam } from '@common/schemas/registrations';
import { ManualDonationSection } from './manual-donation-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

// The form reads only the team's id and names.
const team = (id: number, teamName: string) => ({ id, teamName, driverFirstName: 'Olivia', driverLastName: 'Le Sueur' }) as AdminTeam;
const signups = [team(7, 'Rusty Rockets'), team(9, 'Blue Bombers')];
const routes = { 'POST /api/admin/registrations/donations': () => ({ id: 1 }) };

describe("the organisers' manual donation entry", () => {
  it('sends the chosen team as a number and pounds as pence, with the donor, the method and the message', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<ManualDonationSection signups={signups} />);
    await user.selectOptions(screen.getByLabelText('Team'), 'Blue Bombers (Olivia Le Sueur)');
    await user.type(screen.getByLabelText('Amount (£)'), '40.25');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Cheque');
    await user.type(screen.getByLabelText('Donor name'), 'Dora Donor');
    await user.type(screen.getByLabelText('Donor email'), 'dora@example.je');
    await user.click(screen.getByLabelText(/^Hide the amount/));
    await user.type(screen.getByLabelText('Message (optional)'), 'Go well');
    await user.click(screen.getByRole('button', { name: 'Add Donation' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'POST',
      url: '/api/admin/registrations/donations',
      body: {
        signupId: 9,
        amount: 4025,
        donorName: 'Dora Donor',
        donorEmail: 'dora@example.je',
        isAnonymous: false,
        hideAmount: true,
        paymentMethod: 'cheque',
        message: 'Go well',
        idempotencyKey: expect.any(String),
      },
    });
    // Cleared for the next donation.
    await waitFor(() => expect(screen.getByLabelText('Team')).toHaveProperty('value', ''));
  });

  it('sends an anonymous donor with no name or e-mail, whatever was typed before', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<ManualDonationSection signups={signups} />);
    await user.selectOptions(screen.getByLabelText('Team'), 'Rusty Rockets (Olivia Le Sueur)');
    await user.type(screen.getByLabelText('Amount (£)'), '5');
    await user.type(screen.getByLabelText('Donor name'), 'Dora Donor');
    await user.type(screen.getByLabelText('Donor email'), 'dora@example.je');
    await user.click(screen.getByLabelText('Anonymous donation'));
    await user.click(screen.getByRole('button', { name: 'Add Donation' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toMatchObject({
      signupId: 7,
      amount: 500,
      donorName: '',
      donorEmail: '',
      isAnonymous: true,
      paymentMethod: 'cash',
    });
  });

  it('sends nothing without a team', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<ManualDonationSection signups={signups} />);
    await user.type(screen.getByLabelText('Amount (£)'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Donation' }));

    await waitFor(() => expect(screen.getByLabelText('Team').getAttribute('aria-invalid')).toBe('true'));
    expect(changes()).toEqual([]);
  });
});
