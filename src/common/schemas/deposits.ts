import { z } from 'zod';

/** How a deposit reached the organisers. `direct_debit` is GoCardless; the rest are entered by hand. */
export const depositMethods = ['bank_transfer', 'cheque', 'cash', 'other', 'direct_debit'] as const;
export type DepositMethod = (typeof depositMethods)[number];
export const manualDepositMethods = ['bank_transfer', 'cheque', 'cash', 'other'] as const;
export const depositMethodLabels: Record<DepositMethod, string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  cash: 'Cash',
  other: 'Other',
  direct_debit: 'Direct debit (GoCardless)',
};
export const depositSources = ['manual', 'gocardless'] as const;
export type DepositSource = (typeof depositSources)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date');

/** An organiser recording a deposit paid outside GoCardless. The form takes pounds; the API takes pence. */
export const manualDepositSchema = z
  .object({
    amountPence: z.number().int().min(1, 'Enter the amount').max(10_000_000, 'That is more than £100,000'),
    method: z.enum(manualDepositMethods),
    paidOn: isoDay.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date'),
  })
  .strict();
export type ManualDepositInput = z.input<typeof manualDepositSchema>;

/** What the organisers see of a team's deposit. */
export const depositViewSchema = z.object({
  amountPence: z.number().int(),
  method: z.enum(depositMethods),
  paidOn: z.string(),
  source: z.enum(depositSources),
  providerPaymentId: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

/** How "Pay Deposit Now" works on this site: through GoCardless, or the configured external link. */
export const depositSettingsSchema = z.object({
  provider: z.enum(['gocardless', 'link']),
  amountPence: z.number().int(),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

/** Starting a GoCardless payment takes no input: the team and amount come from the server. */
export const startDepositPaymentSchema = z.object({}).strict();
export const depositPaymentStartedSchema = z.object({ authorisationUrl: z.string() });
export type DepositPaymentStarted = z.infer<typeof depositPaymentStartedSchema>;

/** The webhook's answer. */
export const webhookAnswerSchema = z.object({ received: z.number().int() });

/** The organisers' form: the amount in pounds as typed, turned into the API's pence. */
export const manualDepositFormSchema = z.object({
  amount: z.string().refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v.trim()) && Number(v) > 0, 'Enter the amount in pounds, e.g. 500'),
  method: z.enum(manualDepositMethods),
  paidOn: manualDepositSchema.shape.paidOn,
});
export type ManualDepositFormValues = z.input<typeof manualDepositFormSchema>;
export const poundsTextToPence = (text: string) => Math.round(Number(text.trim()) * 100);
