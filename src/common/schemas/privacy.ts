import { z } from 'zod';
import { PASSWORD_MAX } from './auth';
import { emailAddress, rawText } from './primitives';

/** Deleting one's own account asks for the password again. */
export const deleteAccountSchema = z.object({
  password: rawText(PASSWORD_MAX).min(1, 'Password is required'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** An organiser acting on a request that came by post or e-mail: the person's address. */
export const personEmailSchema = z.object({
  email: emailAddress(),
});
export type PersonEmailInput = z.infer<typeof personEmailSchema>;

/** What the privacy notice and the signup form say about who holds the data and for how long. */
export const privacyInfoSchema = z.object({
  organisationName: z.string(),
  contact: z.string(),
  retentionDays: z.number().int(),
  /** ISO date after which this year's passports, medical and dietary data are erased. */
  deleteAfter: z.string(),
});
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;

/** An organiser's erasure: whether an account went, and how many teams. */
export const eraseAnswerSchema = z.object({ ok: z.boolean(), account: z.boolean(), teams: z.number().int() });
export type EraseAnswer = z.infer<typeof eraseAnswerSchema>;
