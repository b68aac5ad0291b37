import { z } from 'zod';
import { DEFAULT_RALLY_YEAR } from '../rally-config';

/** Optional text: empty strings from forms are stored as null. */
const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

export const sponsorSchema = z.object({
  name: z.string({ error: 'Sponsor name is required' }).trim().min(1, 'Sponsor name is required').max(120),
  url: z.url({ error: 'Must be a valid URL', protocol: /^https?$/ }).max(500),
});
export type Sponsor = z.infer<typeof sponsorSchema>;

const justGivingUrl = z
  .union([z.literal(''), z.url({ error: 'Must be a valid URL', protocol: /^https?$/ }).max(500)])
  .nullish()
  .transform((v) => (v ? v : null));

const carYear = z
  .union([z.literal(''), z.coerce.number().int('Car year must be a whole number').min(1900).max(2100)])
  .nullish()
  .transform((v) => (v === '' || v == null ? null : v));

/** The fields of a team registration (spec section 5, messages verbatim). */
export const signupFields = {
  rallyYear: z.coerce.number({ error: 'Rally year is required' }).int().default(DEFAULT_RALLY_YEAR),
  teamName: required('Team name is required', 120),
  driverFirstName: required('Driver first name is required', 80),
  driverLastName: required('Driver last name is required', 80),
  driverEmail: z.email({ error: 'Valid email is required' }).trim().max(254),
  driverPhone: required('Phone number is required', 40),
  driverAddress: required('Address is required', 500),
  driverPassport: optionalText(40),
  coDriverFirstName: optionalText(80),
  coDriverLastName: optionalText(80),
  coDriverEmail: z
    .union([z.literal(''), z.email({ error: 'Valid email is required' }).max(254)])
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
  previousRallyYears: z.array(z.coerce.number().int().min(2008).max(2100)).max(30).default([]),
  dietaryRequirements: optionalText(1000),
  medicalConditions: optionalText(1000),
  emergencyContactName: required('Emergency contact is required', 120),
  emergencyContactPhone: required('Emergency phone is required', 40),
  emergencyContactRelationship: required('Relationship is required', 80),
  justGivingUrl,
};

export const signupSchema = z.object(signupFields);
export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

/** Edit forms use a partial version of the signup rules (spec section 5). */
export const signupPatchSchema = z
  .object({
    ...signupFields,
    // Without their defaults, so a field left out of a partial update is left alone.
    rallyYear: z.coerce.number({ error: 'Rally year is required' }).int(),
    previousRally: z.boolean(),
    previousRallyYears: z.array(z.coerce.number().int().min(2008).max(2100)).max(30),
  })
  .partial()
  .extend({ sponsors: z.array(sponsorSchema).max(20).optional() });
export type SignupPatch = z.output<typeof signupPatchSchema>;

/** What a participant may change on their own signup (not the rally year, not the car image). */
export const mySignupPatchSchema = signupPatchSchema.omit({ rallyYear: true }).strict();
