import { z } from 'zod';
import { emailAddress } from './primitives';

/** The organiser's optional test address: empty sends to every registered driver. */
const testEmailField = z.union([z.literal(''), emailAddress()]);

/** The form on the admin page; its field is always a string. */
export const credentialsFormSchema = z.object({ testEmail: z.union([z.literal(''), z.string().trim().pipe(testEmailField)]) });
export type CredentialsFormValues = z.input<typeof credentialsFormSchema>;

/** Send login credentials: to every registered driver, or only to a test address when one is given. */
export const sendCredentialsSchema = z
  .object({
    testEmail: testEmailField.nullish().transform((v) => (v ? v : undefined)),
  })
  .strict()
  .nullish()
  .transform((v) => v ?? { testEmail: undefined });

export const sendCredentialsAnswerSchema = z.object({ message: z.string(), sent: z.number().int() });
export type SendCredentialsAnswer = z.infer<typeof sendCredentialsAnswerSchema>;

/** How many drivers a send to everyone would reach, counted by the rule the send uses. */
export const credentialsRecipientCountSchema = z.object({ count: z.number().int() });
export type CredentialsRecipientCount = z.infer<typeof credentialsRecipientCountSchema>;
