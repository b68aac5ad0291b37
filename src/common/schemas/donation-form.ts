import { z } from 'zod';
import { parsePoundsInput } from '../money';
import {
  MAX_DONATION_MESSAGE,
  MAX_DONATION_PENCE,
  adminPaymentMethods,
  donationSchema,
  participantPaymentMethods,
  paymentMethods,
} from './donation';
import { rawText, text } from './primitives';

/**
 * The donation entry forms (spec section 5): amounts are typed in pounds and sent in pence.
 * The donor fields reuse the stored rule's own schemas, so the form and the server say the same.
 */
const MISSING_AMOUNT = 'Please enter a donation amount';
const INVALID_AMOUNT = 'Please enter a valid amount greater than 0';
export const MISSING_TEAM_OR_AMOUNT = 'Please select a team and enter an amount';

/** Pounds as typed, to pence; the empty-field message is the form's own. */
const poundsField = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, { error: missing, abort: true })
    .refine((v) => parsePoundsInput(v) !== null, { error: INVALID_AMOUNT, abort: true })
    .refine((v) => (parsePoundsInput(v) ?? 0) <= MAX_DONATION_PENCE, MAX_DONATION_MESSAGE)
    .transform((v) => parsePoundsInput(v)!);

const donorFields = {
  // A disabled input (anonymous donor) is sent as undefined by the form library.
  donorName: rawText(120).optional(),
  donorEmail: donationSchema.shape.donorEmail,
  isAnonymous: z.boolean(),
  hideAmount: z.boolean(),
  message: text(1000).transform((v) => v || null),
};

/** The participant's dashboard form. */
export const participantDonationFormSchema = z.object({
  amount: poundsField(MISSING_AMOUNT),
  paymentMethod: z.enum(participantPaymentMethods),
  ...donorFields,
});

/** The organisers' manual entry: a team is required as well. */
export const adminDonationFormSchema = z.object({
  signupId: z.string().min(1, MISSING_TEAM_OR_AMOUNT).transform(Number),
  amount: poundsField(MISSING_TEAM_OR_AMOUNT),
  paymentMethod: z.enum(adminPaymentMethods),
  ...donorFields,
});

/** An organiser's correction on the ledger: any payment method. */
export const ledgerDonationFormSchema = z.object({
  amount: poundsField(MISSING_AMOUNT),
  paymentMethod: z.enum(paymentMethods),
  ...donorFields,
});

/** The toast title the spec pairs with each form message. */
export function donationFormErrorTitle(message: string): string {
  return message === MISSING_TEAM_OR_AMOUNT
    ? 'Missing Information'
    : message === 'Valid email is required'
      ? 'Invalid Email'
      : 'Invalid Amount';
}

/** The first message of a failed form, in field order, for the spec's toast. */
export function firstFormMessage(errors: Record<string, { message?: string } | undefined>, order: readonly string[]): string | undefined {
  for (const key of order) if (errors[key]?.message) return errors[key]!.message;
  return undefined;
}
