import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerDonation } from '@common/schemas/ledger';
import { CorrectDonationDialog } from './correct-donation-dialog';
import { interceptFetch, renderForm } from '../../test/form-harness';

const recorded = (changes: Partial<LedgerDonation> = {}): LedgerDonation => ({
  id: 5,
  signupId: 7,
  teamName: 'Rusty Rockets',
  amount: 10000,
  currency: 'GBP',
  donorName: 'Dora Donor',
  donorEmail: 'dora@example.je',
  isAnonymous: false,
  hideAmount: false,
  paymentMethod: 'gocardless',
  message: 'Go well',
  source: 'organiser',
  recordedBy: 'driver',
  state: 'verified',
  createdAt: '2026-03-01T09:00:00.000Z',
  ...changes,
});
const routes = { 'PATCH /api/admin/donations/5': () => recorded() };

describe("the organisers' donation correction", () => {
  it('opens the donation in pounds with its method, and sends the corrected amount in pence to that donation', async () => {
    const { changes } = interceptFetch(routes);
    const closed = vi.fn();
    const { user, screen } = renderForm(<CorrectDonationDialog donation={recorded()} onClose={closed} />);
    expect(screen.getByLabelText('Amount (£)')).toHaveProperty('value', '100.00');
    // Any method, those only the site records (GoCardless) included.
    expect(screen.getByLabelText('Payment method')).toHaveProperty('value', 'gocardless');
    await user.clear(screen.getByLabelText('Amount (£)'));
    await user.type(screen.getByLabelText('Amount (£)'), '10.5');
    await user.clear(screen.getByLabelText('Donor name'));
    await user.type(screen.getByLabelText('Donor name'), '  Dora D.  ');
    await user.click(screen.getByRole('button', { name: 'Save Correction' }));

    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(changes()).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/donations/5',
        body: {
          amount: 1050,
          paymentMethod: 'gocardless',
          isAnonymous: false,
          hideAmount: false,
          donorName: 'Dora D.',
          donorEmail: 'dora@example.je',
          message: 'Go well',
        },
      },
    ]);
  });

  it('sends an anonymous donor as "Anonymous" with no e-mail', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<CorrectDonationDialog donation={recorded()} onClose={vi.fn()} />);
    await user.click(screen.getByLabelText('Anonymous donation'));
    await user.click(screen.getByRole('button', { name: 'Save Correction' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toMatchObject({ isAnonymous: true, donorName: 'Anonymous', donorEmail: '' });
  });

  it('sends a donor name left blank as "Anonymous", keeping the e-mail', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<CorrectDonationDialog donation={recorded()} onClose={vi.fn()} />);
    await user.clear(screen.getByLabelText('Donor name'));
    await user.click(screen.getByRole('button', { name: 'Save Correction' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toMatchObject({ isAnonymous: false, donorName: 'Anonymous', donorEmail: 'dora@example.je' });
  });
});
