import { z } from 'zod';
import { text } from './primitives';
import { teamRoleSchema } from './signup';
import { donationSchema, donationSources, donationStates, participantPaymentMethods, paymentMethods } from './donation';

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
  .extend({
    paymentMethod: z.enum(participantPaymentMethods),
    isAnonymous: z.boolean(),
    hideAmount: z.boolean(),
    currency: text(3).length(3),
  })
  .partial()
  .strict();

/**
 * A donation as the participant's dashboard receives it, and as organisers see each ledger line:
 * no payment-provider internals, no idempotency key.
 */
export const myDonationViewSchema = z.object({
  id: z.number().int(),
  signupId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  isAnonymous: z.boolean(),
  hideAmount: z.boolean(),
  paymentMethod: z.enum(paymentMethods),
  message: z.string().nullable(),
  /** Only 'participant' entries can be edited or deleted by the team. */
  source: z.enum(donationSources),
  /** Which team member typed a 'participant' entry in (common/team-records.ts says who may change it). */
  recordedBy: teamRoleSchema,
  state: z.enum(donationStates),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type MyDonation = z.infer<typeof myDonationViewSchema>;
