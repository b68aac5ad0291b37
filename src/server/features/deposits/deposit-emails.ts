import { formatPence } from '../../../common/money';
import { moneyStory } from '../../../common/money-story';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import { depositMethodLabels, type DepositMethod } from '../../../common/schemas/deposits';
import type { Signup } from '../../db/schema';
import type { MailMessage } from '../../services/mail';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (isoDay: string) => longDate.format(new Date(`${isoDay}T00:00:00Z`));

type Team = Pick<Signup, 'id' | 'teamName' | 'driverEmail' | 'driverFirstName' | 'rallyYear'>;

/** The driver's receipt for the deposit: the same e-mail for GoCardless and for a deposit entered by hand. */
export function depositReceiptEmail(
  team: Team,
  deposit: { amountPence: number; method: DepositMethod; paidOn: string; providerPaymentId: string | null },
  rally: RallySettings,
): MailMessage {
  return {
    to: team.driverEmail,
    subject: `Deposit received: ${team.teamName}, ${rally.productName} ${team.rallyYear}`,
    text: [
      `Dear ${team.driverFirstName || 'driver'},`,
      '',
      `Thank you: we have received the deposit for ${team.teamName} and your place on the ${rally.productName} ${team.rallyYear} is held.`,
      '',
      `Amount: ${formatPence(deposit.amountPence)}`,
      `Paid by: ${depositMethodLabels[deposit.method]}`,
      `Date: ${dayText(deposit.paidOn)}`,
      `Team: ${team.teamName}`,
      `Reference: ${deposit.providerPaymentId ?? `DEP-${team.id}`}`,
      '',
      'The organisers confirm each entry before the rally. Your dashboard shows where your entry stands.',
      '',
      moneyStory(rally).fundraisingStep,
      '',
      `${rally.productName}`,
      `${rally.supportEmail}`,
    ].join('\n'),
  };
}

/** Tells the organisers that a direct-debit deposit did not go through. */
export function depositFailedEmail(to: string, team: Pick<Signup, 'id' | 'teamName'>, paymentId: string, state: string): MailMessage {
  return {
    to,
    subject: `Deposit payment ${state.replace('_', ' ')}: ${team.teamName}`,
    text: [
      `The GoCardless deposit payment ${paymentId} for ${team.teamName} (team ${team.id}) is ${state.replace('_', ' ')}.`,
      '',
      'The team is back to "Registered" with its deposit due. You may want to contact the driver.',
    ].join('\n'),
  };
}
