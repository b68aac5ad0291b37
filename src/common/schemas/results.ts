import { z } from 'zod';
import { INT4_MAX } from './primitives';
import { winnerSchema } from './winners';

const positive = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(INT4_MAX, `${label} is too large`);

/**
 * One team's result as organisers enter it after the rally: rank and car number are positive whole
 * numbers (unique within the year, checked by the server against the year's other results), the
 * score a number of points. A row with all three empty clears the team's result.
 */
export const resultEntrySchema = z
  .object({
    signupId: z.number().int().positive().max(INT4_MAX),
    rank: positive('Rank').nullable(),
    carNumber: positive('Car number').nullable(),
    score: z
      .number({ error: 'Score must be a number' })
      .int('Score must be a whole number')
      .min(0, 'Score cannot be negative')
      .max(INT4_MAX, 'Score is too large')
      .nullable(),
  })
  .superRefine((r, ctx) => {
    const cleared = r.rank === null && r.carNumber === null && r.score === null;
    if (cleared) return;
    if (r.rank === null) ctx.addIssue({ code: 'custom', path: ['rank'], message: 'Rank is required' });
    if (r.carNumber === null) ctx.addIssue({ code: 'custom', path: ['carNumber'], message: 'Car number is required' });
  });
export type ResultEntry = z.infer<typeof resultEntrySchema>;

/** One row saved, or the whole table at once. */
export const resultsSaveSchema = z.object({
  results: z.array(resultEntrySchema).min(1, 'Nothing to save').max(1000),
});
export type ResultsSave = z.infer<typeof resultsSaveSchema>;

/** A team of the year on the results screen: who they are, and their result so far. */
export const teamResultSchema = z.object({
  signupId: z.number().int(),
  teamName: z.string(),
  driverName: z.string(),
  coDriverName: z.string().nullable(),
  rank: z.number().int().nullable(),
  carNumber: z.number().int().nullable(),
  score: z.number().int().nullable(),
});
export type TeamResult = z.infer<typeof teamResultSchema>;

/** The years the results screen offers (years with a rally), newest first. */
export const resultsYearsSchema = z.array(z.number().int());

/** The results screen of one year: its teams (not withdrawn, not waiting) and how many are published. */
export const yearResultsSchema = z.object({
  year: z.number().int(),
  teams: z.array(teamResultSchema),
  /** How many of the year's teams are in the historic database (0 before the first "Publish results"). */
  publishedTeams: z.number().int(),
});
export type YearResults = z.infer<typeof yearResultsSchema>;

/** What a results spreadsheet did: the rows matched to teams (and saved), the rows skipped with why. */
export const resultsImportSchema = z.object({
  message: z.string(),
  matched: z.array(
    z.object({
      line: z.number().int(),
      teamName: z.string(),
      by: z.enum(['name', 'email']),
      rank: z.number().int(),
      carNumber: z.number().int(),
      score: z.number().int().nullable(),
    }),
  ),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ResultsImport = z.infer<typeof resultsImportSchema>;

/** What "Publish results" did. */
export const publishAnswerSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  winner: winnerSchema.nullable(),
});
export type PublishAnswer = z.infer<typeof publishAnswerSchema>;

/** What the treasure hunt's final standings would put in the results (GET /api/admin/results/:year/hunt). */
export const huntResultsSchema = z.object({
  year: z.number().int(),
  /** The first day (YYYY-MM-DD, in the rally's time zone) the results can be filled: the day after the rally's last day. */
  opensOn: z.string(),
  open: z.boolean(),
  /** Whether the rally had treasure hunt clues at all. */
  hasClues: z.boolean(),
  /** Photo answers of the year's teams still waiting for an organiser's decision: they score nothing until judged. */
  photosWaiting: z.number().int(),
  teams: z.array(
    z.object({
      signupId: z.number().int(),
      teamName: z.string(),
      rank: z.number().int(),
      /** The hunt's total, never below 0 (a results score is never negative). */
      score: z.number().int(),
    }),
  ),
});
export type HuntResults = z.infer<typeof huntResultsSchema>;

/** Fill from the treasure hunt: `replace` confirms overwriting results already typed or imported. */
export const huntFillSchema = z.object({ replace: z.boolean().default(false) });
export type HuntFill = z.input<typeof huntFillSchema>;

export const huntFillAnswerSchema = z.object({ message: z.string(), results: yearResultsSchema });
export type HuntFillAnswer = z.infer<typeof huntFillAnswerSchema>;
