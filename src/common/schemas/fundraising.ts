import { z } from 'zod';
import { defaultTeamTarget, MAX_TEAM_TARGET } from '../fundraising';
import type { RallySettings } from './rally-settings';
import { formatPence, poundsToPence } from '../money';
import { storableText } from './primitives';

export const STORY_MAX = 2000;

/** Pence; the rally's minimum (a setting) is checked with `targetBelowMinimum`. */
const targetRule = z
  .number()
  .int('Target must be whole pence')
  .positive('Target must be more than £0')
  .max(MAX_TEAM_TARGET, `The target can be at most ${formatPence(MAX_TEAM_TARGET)}`);

/** A team may raise its target above the rally's minimum, never lower it: the message when it tries. */
export function targetBelowMinimum(target: number, rally: Pick<RallySettings, 'minimumFundraisingPerTeam'>): string | null {
  const minimum = defaultTeamTarget(rally);
  return target < minimum ? `The target can't be below the rally minimum of ${formatPence(minimum)}` : null;
}

/** Plain text with line breaks, kept as typed until the form's value is cleaned up. */
const storyRule = storableText(z.string().max(STORY_MAX, `Your story can be at most ${STORY_MAX} characters`));

/** What a team sets about its own fundraising on the dashboard (blank story clears it). */
export const fundraisingSettingsSchema = z
  .object({
    fundraisingTarget: targetRule,
    story: storyRule.transform((v) => v.replace(/\r\n/g, '\n').trim() || null),
    /** The driver's "new donation" e-mails. */
    newDonationEmails: z.boolean(),
  })
  .partial()
  .strict();
export type FundraisingSettings = z.input<typeof fundraisingSettingsSchema>;

/** The dashboard form: the target typed in whole pounds, checked by the same rules in pence. */
export const fundraisingSettingsFormSchema = (rally: Pick<RallySettings, 'minimumFundraisingPerTeam'>) =>
  z.object({
    target: z
      .string()
      .trim()
      .transform((v) => poundsToPence(Number(v) || 0))
      .pipe(targetRule)
      .superRefine((target, ctx) => {
        const tooLow = targetBelowMinimum(target, rally);
        if (tooLow) ctx.addIssue({ code: 'custom', message: tooLow });
      }),
    story: storyRule,
    newDonationEmails: z.boolean(),
  });
