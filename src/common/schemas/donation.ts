import { z } from 'zod';

export const paymentMethods = ['gocardless', 'justgiving', 'cash', 'cheque', 'bank_transfer', 'other'] as const;
export const adminPaymentMethods = ['cash', 'cheque', 'bank_transfer', 'other'] as const;
export const participantPaymentMethods = ['justgiving', ...adminPaymentMethods] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The stored donation rule (spec section 5). Amount is integer pence. */
export const donationSchema = z.object({
  signupId: z.coerce.number().int().positive(),
  amount: z.number().int('Amount must be whole pence').positive('Amount must be greater than 0').max(100_000_000),
  currency: z.string().length(3).default('GBP'),
  donorName: z.string().trim().max(120).nullish(),
  donorEmail: z
    .union([z.literal(''), z.email({ error: 'Valid email is required' }).max(254)])
    .nullish()
    .transform((v) => (v ? v : null)),
  isAnonymous: z.boolean().default(false),
  paymentMethod: z.enum(paymentMethods),
  message: z.string().trim().max(1000).nullish(),
});
export type DonationInput = z.input<typeof donationSchema>;

/** 'Anonymous' when the name is blank or the donor asked; anonymity also drops the e-mail. */
export function normaliseDonor<T extends { donorName?: string | null; donorEmail?: string | null; isAnonymous?: boolean }>(d: T): T {
  const anonymous = Boolean(d.isAnonymous);
  const name = d.donorName?.trim();
  return { ...d, donorName: anonymous || !name ? 'Anonymous' : name, donorEmail: anonymous ? null : d.donorEmail ?? null };
}
