import { formatAmount } from './money';
import type { RallySettings } from './schemas/rally-settings';

/**
 * The one way the site words the cost of taking part and the money teams raise, made from the
 * rally settings so that a change on /admin/settings changes every page and e-mail alike.
 *
 * The story (the spec's three figures, reconciled):
 * - The entry cost pays for the team's trip (ferry, rooms, breakfasts, evening meals). Until the
 *   organisers set it, it is "to be announced" with their note on when.
 * - The deposit is paid on registering; it holds the team's place and is part of the entry cost.
 *   It is not fundraising: none of it counts towards the minimums.
 * - Each team (one car) raises at least the minimum fundraising for local charities; at least the
 *   minimum sponsorship of it comes from sponsors of the car, and sponsorship and donations both
 *   count towards the team's minimum.
 */
export type MoneySettings = Pick<
  RallySettings,
  'year' | 'depositAmountPence' | 'entryCostPence' | 'costNote' | 'minimumSponsorshipPerCar' | 'minimumFundraisingPerTeam'
>;

export type MoneyStory = {
  /** "£500", "£1,800" or null, "£1,000", "£500": the figures, for headings and short facts. */
  deposit: string;
  entryCost: string | null;
  minimumFundraising: string;
  minimumSponsorship: string;
  /** What taking part costs: the entry cost and what it covers, or that it is to be announced and when. */
  entryCostText: string;
  /** What the deposit is, what it pays for, and what it does not count towards. */
  depositText: string;
  /** The fundraising minimums and what counts towards them. */
  fundraisingText: string;
  /** A one-sentence summary of all three, for the home page. */
  summary: string;
  /** The "what's next" step of paying the deposit (registration complete, e-mails, dashboard). */
  depositStep: string;
  /** The "what's next" step of fundraising. */
  fundraisingStep: string;
  /** For sponsors and donors on the donate pages: where their money goes. */
  donorText: string;
};

export function moneyStory(s: MoneySettings): MoneyStory {
  const deposit = formatAmount(s.depositAmountPence);
  const entryCost = s.entryCostPence === null ? null : formatAmount(s.entryCostPence);
  const minimumFundraising = formatAmount(s.minimumFundraisingPerTeam * 100);
  const minimumSponsorship = formatAmount(s.minimumSponsorshipPerCar * 100);
  const note = s.costNote ? ` ${s.costNote}` : '';

  const covers = 'it covers the ferry, accommodation, breakfasts and evening meals';
  const entryCostText =
    entryCost === null
      ? `The ${s.year} entry cost per team is to be announced; ${covers}.${note}`
      : `The ${s.year} entry cost is ${entryCost} per team (car, driver and co-driver); ${covers}.${note}`;

  const balance = s.entryCostPence === null ? null : s.entryCostPence - s.depositAmountPence;
  const depositText =
    `The ${deposit} deposit, paid when you register, holds your team's place and is part of the entry cost` +
    (balance === null ? '' : balance > 0 ? `, leaving ${formatAmount(balance)} to pay before the rally` : '') +
    '. It is not fundraising and does not count towards your fundraising minimum.';

  const sponsorshipPart =
    s.minimumSponsorshipPerCar > 0
      ? `, including at least ${minimumSponsorship} of sponsorship for your car from businesses, friends and family`
      : '';
  const fundraisingText =
    s.minimumFundraisingPerTeam > 0
      ? `Each team raises at least ${minimumFundraising} for local Jersey charities${sponsorshipPart}. Sponsorship and donations both count towards the ${minimumFundraising}; the deposit does not.`
      : 'There is no fundraising minimum: every pound of sponsorship and donations goes to local Jersey charities.';

  const costPart = entryCost === null ? 'the rest of the entry cost is to be announced' : `the entry cost is ${entryCost} in all`;
  const raisePart =
    s.minimumFundraisingPerTeam > 0
      ? `each team raises at least ${minimumFundraising} for local Jersey charities` +
        (s.minimumSponsorshipPerCar > 0 ? `, ${minimumSponsorship} of it in sponsorship for the car` : '')
      : 'every pound teams raise goes to local Jersey charities';
  const summary = `Register with a ${deposit} deposit (${costPart}); ${raisePart}.`;

  const depositStep = `Pay the ${deposit} deposit by direct debit to secure your place; it is part of your entry cost, not your fundraising.`;
  const fundraisingStep =
    s.minimumFundraisingPerTeam > 0
      ? `Start fundraising: at least ${minimumFundraising} per team for local Jersey charities` +
        (s.minimumSponsorshipPerCar > 0 ? `, including ${minimumSponsorship} of sponsorship for your car` : '') +
        '. Sponsorship and donations both count; the deposit does not.'
      : 'Start fundraising: every pound of sponsorship and donations goes to local Jersey charities.';

  const donorText =
    'Teams pay their own entry costs, so every pound you give goes to local Jersey charities' +
    (s.minimumFundraisingPerTeam > 0 ? `; each team raises at least ${minimumFundraising}.` : '.');

  return {
    deposit,
    entryCost,
    minimumFundraising,
    minimumSponsorship,
    entryCostText,
    depositText,
    fundraisingText,
    summary,
    depositStep,
    fundraisingStep,
    donorText,
  };
}
