import { z } from 'zod';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only stops absurd bodies. */
export const PASSWORD_MAX = 200;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(PASSWORD_MAX, 'Password is too long');

export const credentialsSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
  firstName: z.string().trim().max(80).nullish(),
  lastName: z.string().trim().max(80).nullish(),
});

export const registerSchema = credentialsSchema.extend({ password: newPasswordSchema });

export const forgotPasswordSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(254),
});

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'Invalid link').max(200),
  newPassword: newPasswordSchema,
});

/** The reset form: the confirmation must match (message on the confirm field). */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** The current user as the API shows it: never the password hash. */
export type CurrentUser = { id: string; email: string; firstName: string | null; lastName: string | null; isAdmin: boolean };
