import { z } from 'zod';
import { adminPaymentMethods, donationSchema } from './donation';

/**
 * A donation an organiser enters by hand (cash, cheque, bank transfer, other). The form sends a
 * fresh idempotencyKey per submission, so a double click records one donation.
 */
export const adminDonationSchema = donationSchema.extend({
  paymentMethod: z.enum(adminPaymentMethods),
  idempotencyKey: z.uuid().optional(),
});
export type AdminDonationInput = z.input<typeof adminDonationSchema>;
