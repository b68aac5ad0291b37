import { z } from 'zod';
import { DEFAULT_RALLY_TIME_ZONE, isTimeZone } from '../rally-time';
import { emailAddress, INT4_MAX, rallyYear, requiredText, storableText, webUrl } from './primitives';

/**
 * The facts of one rally year that organisers change between seasons, edited on /admin/settings
 * and read by every page. The spec gives two readings of the dates; each page shows its own
 * reading, and both live here so they can be reconciled in one edit.
 */
const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date`);

/** An instant typed as date and time with its offset; empty means "not set". */
const optionalInstant = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: `${label} must be a date and time` }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** Whole pounds, as the pages word the minimum amounts and goals. */
const pounds = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole pounds`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000);

const line = (label: string, max = 200) => requiredText(`${label} is required`, max);

const offlineGivingSchema = z.object({
  bankAccountName: line('Bank account name'),
  bankSortCode: line('Sort code', 20),
  bankAccountNumber: line('Account number', 20),
  /** The bank reference is this prefix and the team's number, so the organisers know whose it is. */
  referencePrefix: line('Reference prefix', 20),
  chequesPayableTo: line('Cheques payable to'),
  postalAddress: line('Postal address', 500),
});

/** What "Start the next season" asks the organisers to check: copied from the last season, likely wrong. */
export const reviewFacts = ['dates', 'edition', 'destination', 'route', 'cost'] as const;
export type ReviewFact = (typeof reviewFacts)[number];

// Waiting list and organisers' notifications
/**
 * Which events e-mail the organisers, and where. An empty address means the support address; like
 * it, this is an organisers' mailbox, not a person's (the settings are public).
 */
const organiserNotificationsSchema = z.object({
  address: z.union([emailAddress('Notification address must be a valid email address'), z.literal('')]),
  teamRegistered: z.boolean(),
  depositPaid: z.boolean(),
  teamWithdrew: z.boolean(),
  placeOffered: z.boolean(),
});
export type OrganiserNotifications = z.infer<typeof organiserNotificationsSchema>;

export const rallySettingsSchema = z.object({
  productName: line('Product name', 100),
  shortName: line('Short name', 60),
  /** "eleventh": the edition as the home page words it. */
  edition: line('Edition', 40),
  year: rallyYear(),
  startPort: line('Start port', 100),
  destination: line('Destination', 100),
  routeLabel: line('Route label', 200),
  // Dates and season: days (YYYY-MM-DD) worded by src/common/rally-dates.ts on every page.
  /** The rally days: the home page, dashboard and e-mails; the countdown runs to the first. */
  rallyStart: isoDay('First rally day'),
  rallyEnd: isoDay('Last rally day'),
  /** The whole trip, ferries included: This Year and the registered page; sensitive data is erased a set time after its last day. */
  tripStart: isoDay('First day of the trip'),
  tripEnd: isoDay('Last day of the trip'),
  /** Facts a new season copied from the last one, to be checked before registration opens; cleared by saving the settings. */
  needsReview: z.array(z.enum(reviewFacts)).default([]),
  // Money: what entry costs and what teams raise. src/common/money-story.ts words these for every
  // page and e-mail, so they tell one story.
  /** What a team's place costs in all (pence), the deposit included; null: still to be announced. */
  entryCostPence: z
    .number({ error: 'Entry cost must be a number' })
    .int('Entry cost must be whole pence')
    .min(0, 'Entry cost cannot be negative')
    .max(INT4_MAX)
    .nullable()
    .default(null),
  /** Said after the entry cost: when it will be announced, or when the balance is due. May be empty. */
  costNote: storableText(z.string().trim().max(500, 'Cost note must be at most 500 characters')),
  /** The deposit (pence): what "Pay Deposit Now" charges and every page names; part of the entry cost. */
  depositAmountPence: z
    .number({ error: 'Deposit amount must be a number' })
    .int('Deposit amount must be whole pence')
    .min(100, 'Deposit amount must be at least £1')
    .max(INT4_MAX),
  /** Where "Pay Deposit Now" goes when GoCardless is not set up here. */
  depositLink: webUrl('Deposit payment link must be a valid URL'),
  /** Sponsorship for the car; it counts towards the team's minimum fundraising. */
  minimumSponsorshipPerCar: pounds('Minimum sponsorship per car'),
  minimumFundraisingPerTeam: pounds('Minimum fundraising per team'),
  /** What the whole event hopes to raise (the leaderboard's headline bar). */
  eventFundraisingGoal: pounds('Event fundraising goal'),
  /** Teams holding a place at most; past it new teams wait in line. Empty: no limit. */
  carLimit: z
    .number({ error: 'Car limit must be a number' })
    .int('Car limit must be a whole number')
    .min(1, 'Car limit must be at least 1')
    .max(10_000)
    .nullable(),
  // Waiting list and organisers' notifications (a season saved before them gets every e-mail, to the support address)
  organiserNotifications: organiserNotificationsSchema.default({
    address: '',
    teamRegistered: true,
    depositPaid: true,
    teamWithdrew: true,
    placeOffered: true,
  }),
  registrationOpensAt: optionalInstant('Registration opening'),
  registrationClosesAt: optionalInstant('Registration closing'),
  /** The registered-teams page lists only teams whose deposit is paid or who are confirmed. */
  showOnlyPaidTeams: z.boolean(),
  /** Team-typed donations leave public totals until an organiser has verified them. */
  publicTotalsVerifiedOnly: z.boolean(),
  /** Get Updates asks the subscriber to confirm by a link before they are opted in. */
  getUpdatesDoubleOptIn: z.boolean(),
  // Mailing: link clicks
  /** Links in mailing-list e-mails go through the site, which counts who clicked (once each); off leaves links as written. */
  trackLinkClicks: z.boolean().default(true),
  supportEmail: emailAddress('Support e-mail must be a valid email address'),
  /** Who holds the data (the privacy notice), and where people write about it. */
  organisationName: line('Organisation name', 200),
  privacyContact: emailAddress('Privacy contact must be a valid email address'),
  /** Named on donors' receipts and the donate page. */
  charityName: line('Charity name', 200),
  // The event's online giving page: a donor with only a card can give to a team without its own page.
  /** The rally's own online giving page; empty: none. Teams without a page offer it with their bank reference. */
  eventGivingUrl: z
    .union([webUrl('Event giving page must be a valid URL'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** The words of the button to that page. */
  eventGivingLabel: line('Event giving button text', 80).default('Give online by card'),
  cluesPerDay: z.number().int().min(0).max(100),
  milesBetweenClues: z.number().int().min(0).max(10_000),
  milesPerDay: z.number().int().min(0).max(10_000),
  // The live rally (features/tracking)
  /** Who a team calls on the road when the site cannot be reached: the rally app shows them beside 112 while an SOS waits. */
  organiserPhones: storableText(z.string().trim().max(200, "Organisers' phone numbers must be at most 200 characters")).default(''),
  /** The rally's one clock: every time shown or taken is in this zone (an IANA name), and says so. */
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .refine(isTimeZone, 'Time zone must be a name such as Europe/Paris')
    .default(DEFAULT_RALLY_TIME_ZONE),
  /** Supporters see a sharing team's position only once it is at least this old (and rounded, about 1 km). */
  livePositionDelayMinutes: z
    .number({ error: 'Position delay must be a number' })
    .int('Position delay must be whole minutes')
    .min(5, 'Position delay must be at least 5 minutes')
    .max(24 * 60, 'Position delay must be at most 24 hours (1440 minutes)')
    .default(30),
  /** The control room flags a team not heard from (positions, answers, check-ins, All OK, SOS) for this many hours. */
  controlRoomSilentHours: z
    .number({ error: 'Hours before a team is flagged silent must be a number' })
    .min(0.5, 'Hours before a team is flagged silent must be at least 0.5')
    .max(48, 'Hours before a team is flagged silent must be at most 48')
    .default(3),
  /**
   * An act made on the phone before its day ended (a hint at 23:50) counts for that day when it
   * reaches the site within this many hours of the day's end (sent at 00:30, once there is signal).
   */
  actGraceHours: z
    .number({ error: 'Hours an act made offline may take to arrive must be a number' })
    .min(0, 'Hours an act made offline may take to arrive must be at least 0')
    .max(48, 'Hours an act made offline may take to arrive must be at most 48')
    .default(12),
  /** An SOS no organiser has marked seen within this many minutes is e-mailed again to every organiser. */
  sosEscalateMinutes: z
    .number({ error: 'Minutes before an unacknowledged SOS is e-mailed again must be a number' })
    .int('Minutes before an unacknowledged SOS is e-mailed again must be whole minutes')
    .min(1, 'Minutes before an unacknowledged SOS is e-mailed again must be at least 1')
    .max(120, 'Minutes before an unacknowledged SOS is e-mailed again must be at most 120')
    .default(10),
  /** The hour (0 to 23, in the rally's zone) by which each team should have sent "All OK tonight". */
  allOkEveningHour: z
    .number({ error: 'Evening hour for All OK tonight must be a number' })
    .int('Evening hour for All OK tonight must be a whole hour')
    .min(0, 'Evening hour for All OK tonight must be between 0 and 23')
    .max(23, 'Evening hour for All OK tonight must be between 0 and 23')
    .default(21),
  /** Points a wrong text answer costs (docs/features/clues.md); 0: wrong answers cost nothing. */
  wrongAnswerPenaltyPoints: z
    .number({ error: 'Points a wrong answer costs must be a number' })
    .int('Points a wrong answer costs must be a whole number')
    .min(0, 'Points a wrong answer costs cannot be negative')
    .max(1000, 'Points a wrong answer costs must be at most 1000')
    .default(0),
  /** Position sharing switches off by itself this many days after the last rally day (docs/features/tracking.md). */
  positionSharingEndsDaysAfterRally: z
    .number({ error: 'Days after the rally that position sharing ends must be a number' })
    .int('Days after the rally that position sharing ends must be a whole number')
    .min(0, 'Days after the rally that position sharing ends cannot be negative')
    .max(30, 'Days after the rally that position sharing ends must be at most 30')
    .default(1),
  firstYear: rallyYear('First rally year is required'),
  /** How to give without a team's online page: every donate page shows this. */
  offlineGiving: offlineGivingSchema,
});

export type RallySettings = z.infer<typeof rallySettingsSchema>;

/**
 * What an organiser saves on /admin/settings: everything but the year, which changes only when a
 * new season starts, and the review marks, which the save clears. Registration closes after it
 * opens; the rally ends after it starts and lies within the trip.
 */
export const rallySettingsEditSchema = rallySettingsSchema.omit({ year: true, needsReview: true }).superRefine((s, ctx) => {
  if (s.registrationOpensAt && s.registrationClosesAt && Date.parse(s.registrationOpensAt) >= Date.parse(s.registrationClosesAt))
    ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'Registration must close after it opens' });
  if (s.rallyEnd < s.rallyStart)
    ctx.addIssue({ code: 'custom', path: ['rallyEnd'], message: 'The last rally day cannot be before the first' });
  if (s.tripEnd < s.tripStart) ctx.addIssue({ code: 'custom', path: ['tripEnd'], message: 'The trip cannot end before it starts' });
  if (s.tripStart > s.rallyStart || s.tripEnd < s.rallyEnd)
    ctx.addIssue({ code: 'custom', path: ['tripEnd'], message: 'The trip must include every rally day' });
  // The money story: sponsorship counts towards the team's fundraising, the deposit towards the entry cost.
  if (s.minimumSponsorshipPerCar > s.minimumFundraisingPerTeam)
    ctx.addIssue({
      code: 'custom',
      path: ['minimumSponsorshipPerCar'],
      message: 'Minimum sponsorship per car cannot be more than the minimum fundraising per team (it counts towards it)',
    });
  if (s.entryCostPence != null && s.entryCostPence < s.depositAmountPence)
    ctx.addIssue({
      code: 'custom',
      path: ['entryCostPence'],
      message: 'The entry cost cannot be less than the deposit (the deposit is part of it)',
    });
});
export type RallySettingsEdit = z.input<typeof rallySettingsEditSchema>;

/** "Start the {year} season": the year named, so a second click cannot start the one after. */
export const nextSeasonSchema = z.object({
  year: rallyYear(),
  /**
   * The organiser confirmed starting the next season before the current rally's last day is past
   * (which closes that rally's registration and moves the public pages on). Without it, an early start is refused.
   */
  earlyStart: z.literal(true).optional(),
});
export const nextSeasonAnswerSchema = z.object({ settings: rallySettingsSchema, addedToHistory: z.boolean() });
export type NextSeasonAnswer = z.infer<typeof nextSeasonAnswerSchema>;
