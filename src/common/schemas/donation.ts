import { z } from 'zod';
import { emailAddress, pence, recordId, text } from './primitives';

export const paymentMethods = ['gocardless', 'justgiving', 'cash', 'cheque', 'bank_transfer', 'other'] as const;
export const adminPaymentMethods = ['cash', 'cheque', 'bank_transfer', 'other'] as const;
export const participantPaymentMethods = ['justgiving', ...adminPaymentMethods] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** How each payment method reads on every page and form. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  gocardless: 'Direct debit',
  justgiving: 'JustGiving',
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** Who put a donation in the ledger. A participant may change only what they recorded. */
export const donationSources = ['participant', 'organiser', 'justgiving', 'gocardless'] as const;
export type DonationSource = (typeof donationSources)[number];
/** 'reported' until an organiser checks it. */
export const donationStates = ['reported', 'verified'] as const;
export type DonationState = (typeof donationStates)[number];

/**
 * The one anonymity rule: a donor is named only when they did not ask to stay anonymous and gave a
 * name ("Anonymous" typed as a name counts as none). Null means the donation is shown as anonymous.
 */
export function donorNameShown(d: { isAnonymous: boolean; donorName: string | null }): string | null {
  const name = d.donorName?.trim();
  return d.isAnonymous || !name || name === 'Anonymous' ? null : d.donorName;
}

/** The largest single donation the ledger accepts (pence): £100,000. */
export const MAX_DONATION_PENCE = 10_000_000;
export const MAX_DONATION_MESSAGE = 'A donation can be at most £100,000';

/** The stored donation rule (spec section 5). Amount is integer pence. */
export const donationSchema = z.object({
  signupId: recordId(),
  amount: pence(MAX_DONATION_PENCE, MAX_DONATION_MESSAGE),
  currency: text(3).length(3).default('GBP'),
  donorName: text(120).nullish(),
  donorEmail: z
    .union([z.literal(''), emailAddress('Valid email is required')])
    .nullish()
    .transform((v) => (v ? v : null)),
  isAnonymous: z.boolean().default(false),
  /** The donor would rather the amount stayed off public pages; it still counts in the totals. */
  hideAmount: z.boolean().default(false),
  paymentMethod: z.enum(paymentMethods),
  message: text(1000).nullish(),
});
export type DonationInput = z.input<typeof donationSchema>;

/** 'Anonymous' when the name is blank or the donor asked; anonymity also drops the e-mail. */
export function normaliseDonor<T extends { donorName?: string | null; donorEmail?: string | null; isAnonymous?: boolean }>(d: T): T {
  const anonymous = Boolean(d.isAnonymous);
  const name = d.donorName?.trim();
  return { ...d, donorName: anonymous || !name ? 'Anonymous' : name, donorEmail: anonymous ? null : (d.donorEmail ?? null) };
}
