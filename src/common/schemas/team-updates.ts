import { z } from 'zod';
import { madeAt } from './act-time';
import { INT4_MAX, rawText, requiredText, storableText } from './primitives';
import { TEAM_UPDATE_MAX } from '../team-update-limits';

/** Team updates from the road (docs/features/team-updates.md): what a team posts, what the public and organisers read. */

/** A post from the rally app: text, and a photo uploaded first (POST /api/objects/upload) if any. */
export const teamUpdateInputSchema = z.object({
  clientId: z.uuid('clientId must be a UUID made on the phone'),
  body: storableText(
    z
      .string({ error: 'Please write your update' })
      .trim()
      .min(1, 'Please write your update')
      .max(TEAM_UPDATE_MAX, `An update can be at most ${TEAM_UPDATE_MAX} characters`),
  ),
  photoUploadUrl: rawText(2000).optional(),
  madeAt: madeAt.optional(),
});
export type TeamUpdateInput = z.input<typeof teamUpdateInputSchema>;

/** An update as everyone may read it: the team, never who in it wrote it. */
export const publicTeamUpdateSchema = z.object({
  id: z.number().int(),
  signupId: z.number().int(),
  teamName: z.string(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicTeamUpdate = z.infer<typeof publicTeamUpdateSchema>;

export const publicTeamUpdateListSchema = z.object({
  updates: z.array(publicTeamUpdateSchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: z.string().nullable(),
});
export type PublicTeamUpdateList = z.infer<typeof publicTeamUpdateListSchema>;

export const teamUpdateListQuerySchema = z.object({
  signupId: z.coerce.number({ error: 'signupId must be a number' }).int().positive().max(INT4_MAX).optional(),
  before: z.iso.datetime({ offset: true, error: 'before must be a date and time' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(50, 'limit can be at most 50')
    .default(20),
});

/** An update as its team and the organisers see it: hidden ones too, with why. */
export const teamUpdateSchema = publicTeamUpdateSchema.extend({
  clientId: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type TeamUpdate = z.infer<typeof teamUpdateSchema>;
export const teamUpdateListSchema = z.array(teamUpdateSchema);

export const hideTeamUpdateSchema = z.object({ reason: requiredText('Please give a reason', 500) });
export type HideTeamUpdate = z.input<typeof hideTeamUpdateSchema>;
