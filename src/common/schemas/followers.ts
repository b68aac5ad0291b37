import { z } from 'zod';
import { emailAddress, optionalText, rawText } from './primitives';
import { pushSubscriptionSchema } from './control-room';

/**
 * "Follow this team" (docs/features/followers.md): an address, a name if they like, and whether
 * they want one e-mail a day instead of one per update, and to keep hearing after the results;
 * and, on a browser that allows it, its Web Push subscription.
 */
export const followTeamSchema = z.object({
  email: emailAddress(),
  name: optionalText(120),
  dailyDigest: z.boolean().default(false),
  keepAfterResults: z.boolean().default(false),
  /** "Also notify this browser": its PushManager subscription, pushed to once the follow is confirmed. */
  push: pushSubscriptionSchema.optional(),
});
export type FollowTeamInput = z.input<typeof followTeamSchema>;

/** Always the same answer, whether or not the address already follows the team. */
export const FOLLOW_STARTED = 'Thank you. Please check your e-mail and follow the link to confirm.';

export const followTokenSchema = z.object({ token: rawText(1000).min(1, 'This link is not valid or has expired') });
export const followTokenParamSchema = z.object({ token: rawText(200).min(1) });

/** A follow as its follower sees it on their own page (the link's token is the key). */
export const followStateSchema = z.object({
  teamName: z.string(),
  signupId: z.number().int(),
  following: z.boolean(),
  dailyDigest: z.boolean(),
  keepAfterResults: z.boolean(),
  message: z.string().optional(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const followPreferencesSchema = z.object({ dailyDigest: z.boolean().optional(), keepAfterResults: z.boolean().optional() });

/** How many follow a team: a number, never who. */
export const followerCountSchema = z.object({ signupId: z.number().int(), followers: z.number().int() });
export const myFollowerCountsSchema = z.object({ teams: z.array(followerCountSchema) });

/** The organisers' view: follows per team, and whether its updates to followers are paused. */
export const adminTeamFollowsSchema = z.object({
  teams: z.array(
    z.object({
      signupId: z.number().int(),
      teamName: z.string(),
      followers: z.number().int(),
      pending: z.number().int(),
      dailyDigest: z.number().int(),
      paused: z.boolean(),
    }),
  ),
});
export type AdminTeamFollows = z.infer<typeof adminTeamFollowsSchema>;
export const pauseFollowersSchema = z.object({ paused: z.boolean() });
