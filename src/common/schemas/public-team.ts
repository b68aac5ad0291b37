import { z } from 'zod';

/**
 * The only shape of a team that leaves the server on a public page (spec section 3, "Public
 * signup"). Used as the response schema too, so a key not listed here is never sent.
 */
export const publicTeamSchema = z.object({
  id: z.number().int(),
  teamName: z.string(),
  driverFirstName: z.string(),
  driverLastName: z.string(),
  coDriverFirstName: z.string().nullable(),
  coDriverLastName: z.string().nullable(),
  carMake: z.string().nullable(),
  carModel: z.string().nullable(),
  carYear: z.number().int().nullable(),
  carImageUrl: z.string().nullable(),
  // Plain strings here: the input rules checked these on the way in; an answer never fails on them.
  sponsors: z.array(z.object({ name: z.string(), url: z.string() })),
  previousRallyYears: z.array(z.number().int()),
  justGivingUrl: z.string().nullable(),
});
export type PublicTeam = z.infer<typeof publicTeamSchema>;
export const publicTeamListSchema = z.array(publicTeamSchema);

/** One team's donate page: the public team, its story, target and what it has raised. */
export const publicTeamPageSchema = publicTeamSchema.extend({
  /** The rally year the team entered: its page stays in that year after the next season starts. */
  rallyYear: z.number().int(),
  story: z.string().nullable(),
  target: z.number().int(),
  donationTotal: z.number().int(),
  donationCount: z.number().int(),
  /** The latest 20 donations as the public may see them: never an e-mail address. */
  supporters: z.array(
    z.object({
      name: z.string(),
      /** Null when the donor hid the amount: it is never sent, only counted in the total. */
      amount: z.number().int().nullable(),
      message: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type PublicTeamPage = z.infer<typeof publicTeamPageSchema>;

/** One leaderboard row (spec section 3): totals are integer pence. */
export const leaderboardEntrySchema = z.object({
  signupId: z.number().int(),
  teamName: z.string(),
  donationTotal: z.number().int(),
  donationCount: z.number().int(),
  /** The team's fundraising target (pence): its own, or the rally's minimum. */
  target: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.array(leaderboardEntrySchema);
