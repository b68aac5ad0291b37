import { describe, expect, it } from 'vitest';
import { adminDonationFormSchema, participantDonationFormSchema } from './donation-form';

const base = { donorName: '', donorEmail: '', isAnonymous: false, hideAmount: false, message: '' };

describe('donation entry forms', () => {
  it('turns pounds into pence', () => {
    const parsed = participantDonationFormSchema.parse({ ...base, amount: '12.345', paymentMethod: 'cash' });
    expect(parsed).toMatchObject({ amount: 1235, message: null, donorEmail: null });
  });

  it('keeps the spec messages for a missing or invalid amount', () => {
    const message = (amount: string) =>
      participantDonationFormSchema.safeParse({ ...base, amount, paymentMethod: 'cash' }).error?.issues[0]?.message;
    expect(message('')).toBe('Please enter a donation amount');
    expect(message('0')).toBe('Please enter a valid amount greater than 0');
    expect(message('abc')).toBe('Please enter a valid amount greater than 0');
    expect(message('100000.01')).toBe('A donation can be at most £100,000');
    expect(message('100000')).toBeUndefined();
  });

  it('asks the organiser for a team and an amount together', () => {
    const result = adminDonationFormSchema.safeParse({ ...base, signupId: '', amount: '', paymentMethod: 'cash' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please select a team and enter an amount',
      'Please select a team and enter an amount',
    ]);
    expect(adminDonationFormSchema.parse({ ...base, signupId: '7', amount: '5', paymentMethod: 'cash' })).toMatchObject({
      signupId: 7,
      amount: 500,
    });
  });

  it('checks the donor e-mail with the stored rule', () => {
    const result = participantDonationFormSchema.safeParse({ ...base, amount: '5', paymentMethod: 'cash', donorEmail: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('Valid email is required');
  });
});
