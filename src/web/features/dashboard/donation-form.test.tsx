import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyDonation } from '@common/schemas/my-donation';
import { DonationForm } from './donation-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

const recorded = (changes: Partial<MyDonation> = {}): MyDonation => ({
  id: 5,
  signupId: 7,
  amount: 1000,
  currency: 'GBP',
  donorName: 'Gran',
  donorEmail: 'gran@example.je',
  isAnonymous: false,
  hideAmount: true,
  paymentMethod: 'cheque',
  message: 'Drive safely',
  source: 'participant',
  recordedBy: 'driver',
  state: 'reported',
  createdAt: '2026-03-01T09:00:00.000Z',
  ...changes,
});

const routes = {
  'POST /api/my-dashboard/donations': () => recorded(),
  'PATCH /api/my-dashboard/donations/5': () => recorded(),
};

describe('the donation form on the dashboard', () => {
  it('records pounds as pence with the donor, the method and the message', async () => {
    const { changes } = interceptFetch(routes);
    const done = vi.fn();
    const { user, screen } = renderForm(<DonationForm editing={null} onDone={done} />);
    await user.type(screen.getByLabelText('Amount (£)'), '25.50');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Cash');
    await user.type(screen.getByLabelText('Donor name'), '  Gran  ');
    await user.type(screen.getByLabelText('Donor email (optional)'), 'gran@example.je');
    await user.type(screen.getByLabelText('Message (optional)'), 'Good luck');
    await user.click(screen.getByRole('button', { name: 'Record Donation' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()).toEqual([
      {
        method: 'POST',
        url: '/api/my-dashboard/donations',
        body: {
          amount: 2550,
          donorName: 'Gran',
          donorEmail: 'gran@example.je',
          isAnonymous: false,
          hideAmount: false,
          paymentMethod: 'cash',
          message: 'Good luck',
          idempotencyKey: expect.any(String),
        },
      },
    ]);
    // Ready for the next one.
    expect(screen.getByLabelText('Amount (£)')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Payment method')).toHaveProperty('value', 'justgiving');
  });

  it('sends an anonymous donor as "Anonymous" with no e-mail, whatever was typed before', async () => {
    const { changes } = interceptFetch(routes);
    const done = vi.fn();
    const { user, screen } = renderForm(<DonationForm editing={null} onDone={done} />);
    await user.type(screen.getByLabelText('Amount (£)'), '10');
    await user.type(screen.getByLabelText('Donor name'), 'Gran');
    await user.type(screen.getByLabelText('Donor email (optional)'), 'gran@example.je');
    await user.click(screen.getByLabelText('Anonymous donation'));
    await user.click(screen.getByRole('button', { name: 'Record Donation' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()[0]!.body).toMatchObject({ amount: 1000, donorName: 'Anonymous', donorEmail: '', isAnonymous: true });
  });

  it('opens a recorded donation filled in, and sends the edit to that donation', async () => {
    // Choosing Edit scrolls to the form; the test document has no layout to scroll.
    Element.prototype.scrollIntoView = vi.fn();
    const { changes } = interceptFetch(routes);
    const done = vi.fn();
    const { user, screen } = renderForm(<DonationForm editing={recorded()} onDone={done} />);
    expect(screen.getByLabelText('Amount (£)')).toHaveProperty('value', '10.00');
    expect(screen.getByLabelText('Payment method')).toHaveProperty('value', 'cheque');
    expect(screen.getByLabelText('Donor name')).toHaveProperty('value', 'Gran');
    expect(screen.getByLabelText('Donor email (optional)')).toHaveProperty('value', 'gran@example.je');
    expect(screen.getByLabelText(/^Hide the amount/)).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Message (optional)')).toHaveProperty('value', 'Drive safely');

    await user.clear(screen.getByLabelText('Amount (£)'));
    await user.type(screen.getByLabelText('Amount (£)'), '12');
    await user.click(screen.getByRole('button', { name: 'Update Donation' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()).toEqual([
      {
        method: 'PATCH',
        url: '/api/my-dashboard/donations/5',
        body: {
          amount: 1200,
          donorName: 'Gran',
          donorEmail: 'gran@example.je',
          isAnonymous: false,
          hideAmount: true,
          paymentMethod: 'cheque',
          message: 'Drive safely',
        },
      },
    ]);
  });

  it('shows a method organisers recorded, which the team cannot choose, as Other', () => {
    interceptFetch(routes);
    const { screen } = renderForm(
      <DonationForm editing={recorded({ paymentMethod: 'gocardless', isAnonymous: true, donorName: 'Anonymous' })} onDone={vi.fn()} />,
    );
    expect(screen.getByLabelText('Payment method')).toHaveProperty('value', 'other');
    expect(screen.getByLabelText('Donor name')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Anonymous donation')).toHaveProperty('checked', true);
  });
});
