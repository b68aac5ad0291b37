import { describe, expect, it, vi } from 'vitest';
import { participantPaymentMethods } from '@common/schemas/donation';
import { participantDonationFormSchema } from '@common/schemas/donation-form';
import { renderForm } from '../../test/form-harness';
import { FieldGroupHarness } from '../../test/field-group-harness';
import { DonationFields } from './donation-fields';

const blank = {
  amount: '',
  donorName: '',
  donorEmail: '',
  isAnonymous: false,
  hideAmount: false,
  paymentMethod: 'justgiving' as const,
  message: '',
};

function renderDonation(onValid: (v: unknown) => void) {
  return renderForm(
    <FieldGroupHarness schema={participantDonationFormSchema} defaultValues={blank} onValid={onValid}>
      {(form) => (
        <DonationFields
          idPrefix="gift"
          register={form.register}
          errors={form.formState.errors}
          methods={participantPaymentMethods}
          anonymous={form.watch('isAnonymous')}
          emailLabel="Donor email (optional)"
        />
      )}
    </FieldGroupHarness>,
  );
}

describe('the donation fields', () => {
  it('label every field, offer the given methods, and hand on the amount in pence', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderDonation(onValid);
    const methods = Array.from((screen.getByLabelText('Payment method') as HTMLSelectElement).options).map((o) => o.value);
    expect(methods).toEqual([...participantPaymentMethods]);
    expect(screen.getByLabelText('Donor email (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Hide the amount on the donate page (it still counts in the total)')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (£)'), '12.50');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'cheque');
    await user.type(screen.getByLabelText('Donor name'), 'Aunt May');
    await user.type(screen.getByLabelText('Message (optional)'), 'Good luck!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 1250, paymentMethod: 'cheque', donorName: 'Aunt May', message: 'Good luck!' }),
    );
  });

  it('disable the donor fields for an anonymous donation', async () => {
    const { user, screen } = renderDonation(vi.fn());
    expect(screen.getByLabelText('Donor name')).toHaveProperty('disabled', false);
    await user.click(screen.getByLabelText('Anonymous donation'));
    expect(screen.getByLabelText('Donor name')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Donor email (optional)')).toHaveProperty('disabled', true);
  });

  it("show the schema's message under a refused amount", async () => {
    const onValid = vi.fn();
    const { user, screen } = renderDonation(onValid);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const amount = screen.getByLabelText('Amount (£)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe('gift-amount-error');
    expect(document.getElementById('gift-amount-error')?.textContent).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });
});
