import { z } from 'zod';
import { veteranYearsSchema } from './veterans';
import { entryStatuses } from './entry-status';
import { emailAddress, optionalText, rallyYear, requiredText as required, webUrl } from './primitives';

/** A sponsor's address as people type it: "www.garage.je", without a scheme, is taken as https. */
const sponsorUrl = z
  .string()
  .trim()
  .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
  .pipe(webUrl());

export const sponsorSchema = z.object({
  name: required('Sponsor name is required', 120),
  url: sponsorUrl,
});
export type Sponsor = z.infer<typeof sponsorSchema>;
/**
 * A sponsor as the team's row keeps it: the server notes which team member added it (a client's
 * say is dropped by sponsorSchema). Sponsors from before it was noted were the driver's.
 */
export type RecordedSponsor = Sponsor & { recordedBy?: TeamRole };

const justGivingUrl = z
  .union([z.literal(''), webUrl()])
  .nullish()
  .transform((v) => (v ? v : null));

const carYear = z
  .union([z.literal(''), z.coerce.number().int('Car year must be a whole number').min(1900).max(2100)])
  .nullish()
  .transform((v) => (v === '' || v == null ? null : v));

/** The rally was first run in 2008, so no team can have been on an earlier one. */
const previousRallyYear = z.coerce.number().int().min(2008).max(2100);

/** The fields of a team registration (spec section 5, messages verbatim). */
export const signupFields = {
  /** The current season unless an organiser enters a team for another year. */
  rallyYear: rallyYear().optional(),
  teamName: required('Team name is required', 120),
  driverFirstName: required('Driver first name is required', 80),
  driverLastName: required('Driver last name is required', 80),
  driverEmail: emailAddress('Valid email is required'),
  driverPhone: required('Phone number is required', 40),
  driverAddress: required('Address is required', 500),
  driverPassport: optionalText(40),
  coDriverFirstName: optionalText(80),
  coDriverLastName: optionalText(80),
  coDriverEmail: z
    .union([z.literal(''), emailAddress('Valid email is required')])
    .nullish()
    .transform((v) => (v ? v : null)),
  coDriverPhone: optionalText(40),
  coDriverAddress: optionalText(500),
  coDriverPassport: optionalText(40),
  carMake: optionalText(80),
  carModel: optionalText(80),
  carYear,
  carRegistration: optionalText(20),
  previousRally: z.boolean().default(false),
  previousRallyYears: z.array(previousRallyYear).max(30).default([]),
  dietaryRequirements: optionalText(1000),
  medicalConditions: optionalText(1000),
  emergencyContactName: required('Emergency contact is required', 120),
  emergencyContactPhone: required('Emergency phone is required', 40),
  emergencyContactRelationship: required('Relationship is required', 80),
  justGivingUrl,
};

export const signupSchema = z.object({
  ...signupFields,
  /** "Send me news about future rallies": the driver's own opt-in; unticked leaves their consent as it is. */
  newsletterOptIn: z.boolean().default(false),
});
export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

/** Edit forms use a partial version of the signup rules (spec section 5). */
export const teamPatchSchema = z
  .object({
    ...signupFields,
    // Without their defaults, so a field left out of a partial update is left alone.
    rallyYear: rallyYear(),
    previousRally: z.boolean(),
    previousRallyYears: z.array(previousRallyYear).max(30),
  })
  .partial()
  .extend({ sponsors: z.array(sponsorSchema).max(20).optional() });
export type TeamPatch = z.output<typeof teamPatchSchema>;

/**
 * What a participant may change on their own signup: not the rally year, not the car image, and
 * not the co-driver's address, which only an invitation sets (POST /api/my-dashboard/team/co-driver).
 */
export const myTeamPatchSchema = teamPatchSchema.omit({ rallyYear: true, coDriverEmail: true }).strict();
export type MyTeamPatch = z.output<typeof myTeamPatchSchema>;

/** How an account takes part in the team it sees on the dashboard. */
export const teamRoleSchema = z.enum(['driver', 'co-driver']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** What a co-driver may change: their own details and the team's sponsors; the rest is the driver's. */
export const coDriverPatchSchema = myTeamPatchSchema.pick({
  coDriverFirstName: true,
  coDriverLastName: true,
  coDriverPhone: true,
  coDriverAddress: true,
  coDriverPassport: true,
  sponsors: true,
});

/** The driver names the co-driver; the team's co-driver address becomes this one and an invitation goes to it. */
export const coDriverInvitationSchema = z.object({
  firstName: required('Co-driver first name is required', 80),
  lastName: required('Co-driver last name is required', 80),
  email: emailAddress('Valid email is required'),
});
export type CoDriverInvitation = z.input<typeof coDriverInvitationSchema>;

/**
 * A stored registration as the API sends it: every column. Organisers get it whole (with passports
 * and medical data masked in lists); the team's own dashboard gets it without the account link.
 * Plain strings here: the input rules checked the values on the way in; an answer never fails on them.
 */
export const teamRecordSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  rallyYear: z.number().int(),
  teamName: z.string(),
  driverFirstName: z.string(),
  driverLastName: z.string(),
  driverEmail: z.string(),
  driverPhone: z.string(),
  driverAddress: z.string(),
  driverPassport: z.string().nullable(),
  coDriverFirstName: z.string().nullable(),
  coDriverLastName: z.string().nullable(),
  coDriverEmail: z.string().nullable(),
  coDriverPhone: z.string().nullable(),
  coDriverAddress: z.string().nullable(),
  coDriverPassport: z.string().nullable(),
  carMake: z.string().nullable(),
  carModel: z.string().nullable(),
  carYear: z.number().int().nullable(),
  carRegistration: z.string().nullable(),
  carImageUrl: z.string().nullable(),
  /** Pence; null means the rally minimum. */
  fundraisingTarget: z.number().int().nullable(),
  story: z.string().nullable(),
  newDonationEmails: z.boolean(),
  previousRally: z.boolean(),
  previousRallyYears: z.array(z.number().int()),
  dietaryRequirements: z.string().nullable(),
  medicalConditions: z.string().nullable(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  emergencyContactRelationship: z.string(),
  /** recordedBy: see RecordedSponsor (absent means the driver). */
  sponsors: z.array(z.object({ name: z.string(), url: z.string(), recordedBy: teamRoleSchema.optional() })),
  justGivingUrl: z.string().nullable(),
  status: z.enum(entryStatuses),
  /** ISO date-times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamRecord = z.infer<typeof teamRecordSchema>;

/** Where the driver's co-driver stands: none named, invited (not yet accepted), joined, or declined. */
export const coDriverStatusSchema = z.enum(['none', 'invited', 'joined', 'declined']);
export type CoDriverStatus = z.infer<typeof coDriverStatusSchema>;

/** What the dashboard adds to either role's view of the team. */
const dashboardExtras = {
  /** 1 for the first team in line; null unless the team is on the waiting list. */
  waitingListPosition: z.number().int().nullable(),
  /** The driver's and co-driver's earlier rallies from the historic database. */
  veteranYears: veteranYearsSchema,
  /** The team's rally is over (an earlier season's, or this one's after its last day): no deposit or countdown, its result instead. */
  rallyOver: z.boolean(),
  /** The team's result once organisers have entered it (/admin/results). */
  result: z.object({ rank: z.number().int(), carNumber: z.number().int().nullable(), score: z.number().int().nullable() }).nullable(),
};

/**
 * The team as its driver sees it (GET /api/my-dashboard/team and its edits): the whole registration but the
 * account links, and where the co-driver invitation stands. Passports come masked: written, never read back.
 * Once the co-driver has joined, their phone, address and passport are left out: they are theirs.
 */
export const driverViewSchema = teamRecordSchema.omit({ userId: true, updatedAt: true }).extend({
  coDriverPhone: teamRecordSchema.shape.coDriverPhone.optional(),
  coDriverAddress: teamRecordSchema.shape.coDriverAddress.optional(),
  coDriverPassport: teamRecordSchema.shape.coDriverPassport.optional(),
  role: z.literal('driver'),
  coDriverStatus: coDriverStatusSchema,
  ...dashboardExtras,
});
export type DriverView = z.infer<typeof driverViewSchema>;

/**
 * The team as its co-driver sees it: the team's public side and their own details (passport
 * masked), none of the driver's contact, medical or emergency details nor the driver's settings.
 */
export const coDriverViewSchema = teamRecordSchema
  .pick({
    id: true,
    rallyYear: true,
    teamName: true,
    driverFirstName: true,
    driverLastName: true,
    coDriverFirstName: true,
    coDriverLastName: true,
    coDriverEmail: true,
    coDriverPhone: true,
    coDriverAddress: true,
    coDriverPassport: true,
    carMake: true,
    carModel: true,
    carYear: true,
    carRegistration: true,
    carImageUrl: true,
    fundraisingTarget: true,
    story: true,
    sponsors: true,
    justGivingUrl: true,
    status: true,
    createdAt: true,
  })
  .extend({ role: z.literal('co-driver'), ...dashboardExtras })
  .strict();
export type CoDriverView = z.infer<typeof coDriverViewSchema>;

/** The team as the dashboard receives it: one view per role, chosen by the server. */
export const myTeamViewSchema = z.discriminatedUnion('role', [driverViewSchema, coDriverViewSchema]);
export type MyTeamView = z.infer<typeof myTeamViewSchema>;

/**
 * What the dashboard shows (GET /api/my-dashboard): the team the account sees; or, for an account
 * whose address is not confirmed yet, that a registration waits for that confirmation; or nothing.
 */
export const myDashboardSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('team'), team: myTeamViewSchema }),
  z.object({ state: z.literal('unconfirmed'), email: z.string() }),
  z.object({ state: z.literal('none') }),
]);
export type MyDashboard = z.infer<typeof myDashboardSchema>;

/** An invitation link's token (from the e-mail), as the invitation page sends it back. */
export const invitationTokenSchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[\w-]{16,200}$/, 'This invitation link is invalid.'),
});

/** What the invitation page shows before its owner answers: no one's private details. */
export const invitationSummarySchema = z.object({
  role: teamRoleSchema,
  teamName: z.string(),
  rallyYear: z.number().int(),
  driverName: z.string(),
  email: z.string(),
  /** What the team's form says of the invited person and the car, to greet them and fill in their account. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  car: z.string().nullable(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** The answer to accepting or declining; `onMyDashboard` says whether the signed-in caller now sees the team. */
export const invitationAnswerSchema = z.object({ ok: z.literal(true), teamName: z.string(), onMyDashboard: z.boolean() });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

/** A new registration: enough for the thank-you page and the car photo upload. */
export const signupCreatedSchema = z.object({ id: z.number().int(), teamName: z.string(), status: z.enum(entryStatuses) });
export type SignupCreated = z.infer<typeof signupCreatedSchema>;
