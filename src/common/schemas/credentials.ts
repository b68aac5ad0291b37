import { z } from 'zod';

/** Send login credentials: to every registered driver, or only to a test address when one is given. */
export const sendCredentialsSchema = z
  .object({
    testEmail: z
      .union([z.literal(''), z.email({ error: 'Please enter a valid email address' }).trim().max(254)])
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .strict()
  .nullish()
  .transform((v) => v ?? { testEmail: undefined });

export type SendCredentialsAnswer = { message: string; sent: number };
