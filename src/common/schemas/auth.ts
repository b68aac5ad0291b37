import { z } from 'zod';
import { emailAddress, rawText, text } from './primitives';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only stops absurd bodies. */
export const PASSWORD_MAX = 200;

export const newPasswordSchema = rawText(PASSWORD_MAX)
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password is too long');

export const credentialsSchema = z.object({
  email: emailAddress(),
  password: rawText(PASSWORD_MAX).min(1, 'Password is required'),
  firstName: text(80).nullish(),
  lastName: text(80).nullish(),
});

export const registerSchema = credentialsSchema.extend({ password: newPasswordSchema });

export const forgotPasswordSchema = z.object({
  email: emailAddress(),
});

export const resetPasswordSchema = z.object({
  token: rawText(200).min(1, 'Invalid link'),
  newPassword: newPasswordSchema,
});

/** The reset form: the confirmation must match (message on the confirm field). */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** The current user as the API shows it: never the password hash. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** False until the owner follows the link sent to the address; no team is linked before that. */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * Confirming an address from the e-mailed link. A browser signed in as the account sends the token
 * alone; otherwise the verifier gives the password chosen at sign-up, or chooses a new one (a
 * password set before the address was proven is not trusted on its own: see verification.ts).
 */
export const verifyEmailSchema = z.object({
  token: rawText(200).min(1, 'Invalid link'),
  password: rawText(PASSWORD_MAX).min(1, 'Password is required').optional(),
  newPassword: newPasswordSchema.optional(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const verifyStatusQuery = z.object({ token: rawText(200).min(1, 'Invalid link') });
/** Whether a confirmation link can still be used (it names no account). */
export const verifyStatusSchema = z.object({ valid: z.boolean() });
