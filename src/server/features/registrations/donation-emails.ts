import { donorNameShown } from '../../../common/schemas/donation';
import type { FastifyBaseLogger } from 'fastify';
import { formatPence } from '../../../common/money';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Donation, Signup } from '../../db/schema';
import type { MailMessage, Mailer } from '../../services/mail';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Jersey' });

/** The donor's thank-you receipt: amount, team, date and the charity that receives the money. */
export function receiptEmail(donation: Donation, team: Pick<Signup, 'teamName' | 'rallyYear'>, rally: RallySettings): MailMessage {
  const { teamName } = team;
  const name = donorNameShown(donation) ?? 'supporter';
  return {
    to: donation.donorEmail!,
    subject: `Thank you for your donation to ${teamName}`,
    text: [
      `Dear ${name},`,
      '',
      `Thank you for your donation to ${teamName} in the ${rally.productName} ${team.rallyYear}.`,
      '',
      `Amount: ${formatPence(donation.amount)}`,
      `Team: ${teamName}`,
      `Date: ${longDate.format(donation.createdAt)}`,
      `Received by: ${rally.charityName}`,
      `Receipt number: ${donation.id}`,
      '',
      'Every pound raised goes to local charities in Jersey.',
      '',
      `${rally.productName}`,
      `${rally.supportEmail}`,
    ].join('\n'),
  };
}

/** The team driver's "new donation" note (they can turn these off on their dashboard). */
export function newDonationEmail(donation: Donation, team: Pick<Signup, 'teamName' | 'driverEmail' | 'driverFirstName'>): MailMessage {
  const from = donorNameShown(donation) ?? 'Anonymous';
  return {
    to: team.driverEmail,
    subject: `New donation for ${team.teamName}: ${formatPence(donation.amount)}`,
    text: [
      `Dear ${team.driverFirstName},`,
      '',
      `The organisers have recorded a donation of ${formatPence(donation.amount)} from ${from} for ${team.teamName}.`,
      donation.message ? `Their message: "${donation.message}"` : '',
      '',
      'You can see it on your dashboard. To stop these e-mails, untick "E-mail me about new donations the organisers record" there.',
    ]
      .filter((line, i, all) => line || all[i - 1] !== '')
      .join('\n'),
  };
}

/**
 * After an organiser records a donation: the donor's receipt when an address was given, and the
 * driver's note unless turned off. A failed send is logged; the donation stands either way.
 */
export async function sendDonationEmails(
  mailer: Mailer,
  log: FastifyBaseLogger,
  donation: Donation,
  team: Pick<Signup, 'teamName' | 'rallyYear' | 'driverEmail' | 'driverFirstName' | 'newDonationEmails'>,
  rally: RallySettings,
): Promise<void> {
  const messages = [
    donation.donorEmail ? receiptEmail(donation, team, rally) : null,
    team.newDonationEmails ? newDonationEmail(donation, team) : null,
  ].filter((m): m is MailMessage => m !== null);
  for (const message of messages) {
    try {
      await mailer.send(message);
    } catch (err) {
      log.error({ err, donationId: donation.id }, 'donation e-mail failed');
    }
  }
}
