import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManualDepositForm } from './manual-deposit-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

const routes = {
  'PUT /api/admin/signups/7/deposit': () => ({ amountPence: 45050, method: 'cheque', paidOn: '2026-02-14', source: 'manual' }),
};

describe("the organisers' deposit form", () => {
  it("starts from the season's deposit in pounds, paid by bank transfer", () => {
    interceptFetch(routes);
    const { screen } = renderForm(<ManualDepositForm signupId={7} teamName="Rusty Rockets" defaultPence={50000} />);
    expect(screen.getByLabelText('Deposit (£)')).toHaveProperty('value', '500');
    expect(screen.getByLabelText('Paid by')).toHaveProperty('value', 'bank_transfer');
  });

  it("sends pounds as pence, the method and the day to that team's deposit", async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<ManualDepositForm signupId={7} teamName="Rusty Rockets" defaultPence={50000} />);
    await user.clear(screen.getByLabelText('Deposit (£)'));
    await user.type(screen.getByLabelText('Deposit (£)'), ' 450.50 ');
    await user.selectOptions(screen.getByLabelText('Paid by'), 'Cheque');
    // A date box takes its value whole, as a browser's date picker gives it.
    fireEvent.change(screen.getByLabelText('Date paid'), { target: { value: '2026-02-14' } });
    await user.click(screen.getByRole('button', { name: 'Mark deposit paid' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/deposits/7',
      body: { amountPence: 45050, method: 'cheque', paidOn: '2026-02-14' },
    });
  });

  it('sends nothing for an amount that is not pounds', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<ManualDepositForm signupId={7} teamName="Rusty Rockets" defaultPence={50000} />);
    await user.clear(screen.getByLabelText('Deposit (£)'));
    await user.type(screen.getByLabelText('Deposit (£)'), '450.505');
    await user.click(screen.getByRole('button', { name: 'Mark deposit paid' }));

    expect(await screen.findByText('Enter the amount in pounds, e.g. 500')).toBeTruthy();
    expect(changes()).toEqual([]);
  });
});
