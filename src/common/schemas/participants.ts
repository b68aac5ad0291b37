import { z } from 'zod';

/**
 * A historic rally participant as the public participants calls return it (spec section 3):
 * never e-mails, opt-ins or unsubscribe tokens.
 */
export const participantSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  rank: z.number().int().nullable(),
  carNumber: z.number().int().nullable(),
  teamName: z.string().nullable(),
  driverFirstName: z.string().nullable(),
  driverLastName: z.string().nullable(),
  coDriverFirstName: z.string().nullable(),
  coDriverLastName: z.string().nullable(),
  carModel: z.string().nullable(),
  totalScore: z.number().int().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantListSchema = z.array(participantSchema);
