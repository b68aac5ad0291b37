import { z } from 'zod';
import { text } from './primitives';
import { donationSchema, participantPaymentMethods, type DonationSource, type DonationState } from './donation';

/**
 * A donation a participant records for their own team: the team comes from their signup, and the
 * payment methods are the participant form's (spec section 3).
 */
export const myDonationSchema = donationSchema.omit({ signupId: true }).extend({
  paymentMethod: z.enum(participantPaymentMethods).default('justgiving'),
  /** Set by the form so a double submit records one donation. */
  idempotencyKey: text(100).min(8).optional(),
});
export type MyDonationInput = z.input<typeof myDonationSchema>;

export const myDonationPatchSchema = donationSchema
  .omit({ signupId: true })
  // No defaults here, so a field left out of the update is left alone.
  .extend({ paymentMethod: z.enum(participantPaymentMethods), isAnonymous: z.boolean(), currency: text(3).length(3) })
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
  /** Only 'participant' entries can be edited or deleted by the team. */
  source: DonationSource;
  state: DonationState;
  createdAt: string;
};
