import { z } from 'zod';
import { participantSchema } from './participants';

/** A historic record as the admin call returns it: the public fields plus e-mails and opt-ins (no unsubscribe tokens). */
export const historicRecordSchema = participantSchema.extend({
  email: z.string().nullable(),
  coDriverEmail: z.string().nullable(),
  emailOptIn: z.boolean().nullable(),
  coDriverEmailOptIn: z.boolean().nullable(),
});
export type HistoricRecord = z.infer<typeof historicRecordSchema>;

/** What an import of the historic e-mail file did; rows it could not use, by line. */
export const importAnswerSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  newUsers: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** Every address still on the list, once each. */
export const exportEmailsSchema = z.object({ emails: z.array(z.string()) });
export type ExportEmails = z.infer<typeof exportEmailsSchema>;
