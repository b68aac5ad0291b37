import { formatAmount } from './money';
import type { MoneySettings } from './money-story';

/**
 * The deposit as a team joining the waiting list is told it (the registration form of a full
 * rally, the confirmation e-mail): asked only when a place is offered, in place of money-story.ts's
 * "paid when you register". Kept apart from money-story.ts, which every first visit loads.
 */
export const waitingListDepositText = (s: Pick<MoneySettings, 'depositAmountPence'>) =>
  `The rally is full: a team on the waiting list pays no deposit. The ${formatAmount(s.depositAmountPence)} deposit is asked when a place is offered; it holds that place and is part of the entry cost, not fundraising.`;
