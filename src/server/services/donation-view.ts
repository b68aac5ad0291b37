import type { DonationSource, DonationState } from '../../common/schemas/donation';
import type { MyDonation } from '../../common/schemas/my-donation';
import type { Donation } from '../db/schema';

/** What the dashboard sees of a donation (no payment-provider internals). */
export function toMyDonation(d: Donation): MyDonation {
  return {
    id: d.id,
    signupId: d.signupId,
    amount: d.amount,
    currency: d.currency,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    isAnonymous: d.isAnonymous,
    hideAmount: d.hideAmount,
    // The table's check constraints hold these columns to the listed values.
    paymentMethod: d.paymentMethod,
    message: d.message,
    source: d.source as DonationSource,
    recordedBy: d.recordedBy,
    state: d.state as DonationState,
    createdAt: d.createdAt.toISOString(),
  };
}
