import { z } from 'zod';
import { donationSchema, participantPaymentMethods } from './donation';

/**
 * A donation a participant records for their own team: the team comes from their signup, and the
 * payment methods are the participant form's (spec section 3).
 */
export const myDonationSchema = donationSchema.omit({ signupId: true }).extend({
  paymentMethod: z.enum(participantPaymentMethods).default('justgiving'),
  /** Set by the form so a double submit records one donation. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type MyDonationInput = z.input<typeof myDonationSchema>;

export const myDonationPatchSchema = donationSchema
  .omit({ signupId: true })
  // No defaults here, so a field left out of the update is left alone.
  .extend({ paymentMethod: z.enum(participantPaymentMethods), isAnonymous: z.boolean(), currency: z.string().length(3) })
  .partial()
  .strict();

/** A donation as the participant's dashboard receives it. */
export type MyDonation = {
  id: number;
  signupId: number;
  amount: number;
  currency: string;
  donorName: string | null;
  donorEmail: string | null;
  isAnonymous: boolean;
  paymentMethod: string;
  message: string | null;
  createdAt: string;
};
