import { z } from 'zod';
import { madeAt } from './act-time';
import { publicTeamUpdateSchema } from './team-updates';
import { INT4_MAX, rawText, requiredText, text } from './primitives';
import { latitude, longitude } from './routes';

/**
 * The treasure hunt's clues, answers, hints, check-ins and standings (docs/features/clues.md): the organisers' input, the team's and the public's answers.
 */

export const answerKinds = ['text', 'photo'] as const;
export type AnswerKind = (typeof answerKinds)[number];
/** correct/wrong: a text answer, judged at once; pending/approved/rejected: a photo, judged by an organiser. */
export const answerStatuses = ['correct', 'wrong', 'pending', 'approved', 'rejected'] as const;
export type AnswerStatus = (typeof answerStatuses)[number];

const MAX_POINTS = 10_000;
const points = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_POINTS, `${label} can be at most ${MAX_POINTS}`);

/** An instant with its offset, as JSON carries it ("2026-09-10T09:00:00+02:00"). */
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

/** A hint as stored: its id stays the same across edits, so a team's taken hint stays that hint. */
export type ClueHint = { id: string; text: string; cost: number };

const hintInputSchema = z.object({
  /** An existing hint's id; a new hint has none (the server gives it one). */
  id: z.uuid('Hint id must be a UUID').optional(),
  text: requiredText('Each hint needs its text', 1000),
  cost: points('Hint cost'),
});

/** What an organiser saves for one clue (create and edit alike). */
export const clueFieldsSchema = z
  .object({
    day: z
      .number({ error: 'Day must be a number' })
      .int('Day must be a whole number')
      .min(1, 'Day must be at least 1')
      .max(30, 'Day can be at most 30'),
    title: requiredText('Title is required', 120),
    body: requiredText('Clue text is required', 4000),
    releaseAt: instant('Release time'),
    place: z.object({
      name: text(120),
      coordinates: z.tuple([longitude, latitude]),
    }),
    radiusMetres: z
      .number({ error: 'Radius must be a number' })
      .int('Radius must be whole metres')
      .min(10, 'Radius must be at least 10 m')
      .max(50_000, 'Radius can be at most 50,000 m'),
    points: points('Points'),
    answerKind: z.enum(answerKinds, { error: 'Answer kind must be text or photo' }),
    acceptedAnswers: z.array(requiredText('An accepted answer cannot be empty', 200)).max(20, 'At most 20 accepted answers'),
    hints: z.array(hintInputSchema).max(5, 'At most 5 hints'),
  })
  .superRefine((c, ctx) => {
    if (c.answerKind === 'text' && c.acceptedAnswers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['acceptedAnswers'], message: 'A text clue needs at least one accepted answer' });
  });
export type ClueFields = z.input<typeof clueFieldsSchema>;

/** A clue as organisers see it. */
export const adminClueSchema = z.object({
  id: z.number().int(),
  rallyYear: z.number().int(),
  day: z.number().int(),
  /** The day's date (YYYY-MM-DD) from the season's first rally day. */
  date: z.string(),
  title: z.string(),
  body: z.string(),
  releaseAt: z.string(),
  released: z.boolean(),
  place: z.object({ name: z.string(), coordinates: z.tuple([z.number(), z.number()]) }),
  radiusMetres: z.number().int(),
  points: z.number().int(),
  answerKind: z.enum(answerKinds),
  acceptedAnswers: z.array(z.string()),
  hints: z.array(z.object({ id: z.string(), text: z.string(), cost: z.number().int() })),
  answerCount: z.number().int(),
});
export type AdminClue = z.infer<typeof adminClueSchema>;

/** The organisers' clue screen: the season's rally days, each with its clues. */
export const adminClueListSchema = z.object({
  year: z.number().int(),
  days: z.array(z.object({ day: z.number().int(), date: z.string(), clues: z.array(adminClueSchema) })),
});
export type AdminClueList = z.infer<typeof adminClueListSchema>;

// The team's side (the rally app)

/** Where the phone was: latitude and longitude in degrees, accuracy in metres. */
export const positionSchema = z.object({
  lat: latitude,
  lng: longitude,
  accuracy: z
    .number({ error: 'Accuracy must be a number' })
    .min(0, 'Accuracy cannot be negative')
    .max(100_000, 'Accuracy can be at most 100,000 m')
    .optional(),
});
export type Position = z.infer<typeof positionSchema>;

const clientId = z.uuid('clientId must be a UUID made on the phone');
const clueId = z
  .number({ error: 'clueId must be a number' })
  .int('clueId must be a whole number')
  .positive('clueId must be positive')
  .max(INT4_MAX);

/** An answer from the phone: text or a photo (the URL of an upload from POST /api/objects/upload). */
export const answerInputSchema = z
  .object({
    clientId,
    clueId,
    text: text(500).optional(),
    photoUploadUrl: rawText(2000).optional(),
    position: positionSchema.optional(),
    answeredAt: instant('answeredAt'),
    madeAt: madeAt.optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.text === undefined) === (a.photoUploadUrl === undefined))
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Send either text or photoUploadUrl' });
    if (a.text !== undefined && a.text.length === 0) ctx.addIssue({ code: 'custom', path: ['text'], message: 'The answer is empty' });
  });
export type AnswerInput = z.input<typeof answerInputSchema>;

export const hintTakeInputSchema = z.object({ clientId, clueId, hintId: z.uuid('hintId must be a UUID'), madeAt: madeAt.optional() });
export type HintTakeInput = z.input<typeof hintTakeInputSchema>;

export const checkInInputSchema = z.object({ clientId, clueId, position: positionSchema, madeAt: madeAt.optional() });
export type CheckInInput = z.input<typeof checkInInputSchema>;

/** One of the team's answers, as the team sees it. */
export const myAnswerSchema = z.object({
  clientId: z.string(),
  clueId: z.number().int(),
  kind: z.enum(answerKinds),
  text: z.string().nullable(),
  photoUrl: z.string().nullable(),
  status: z.enum(answerStatuses),
  points: z.number().int(),
  rejectReason: z.string().nullable(),
  answeredAt: z.string(),
});
export type MyAnswer = z.infer<typeof myAnswerSchema>;
export const answerResultSchema = z.object({ answer: myAnswerSchema });

export const hintResultSchema = z.object({
  hint: z.object({ id: z.string(), clueId: z.number().int(), text: z.string(), cost: z.number().int(), takenAt: z.string() }),
});
/** Only whether the check-in was within the radius: a distance would give the place away. */
/** A check-in's answer: yes or no, in words too; never a distance, which would give the place away. */
export const checkInResultSchema = z.object({
  clientId: z.string(),
  clueId: z.number().int(),
  visited: z.boolean(),
  result: z.enum(['checked in', 'not close enough yet']),
});

/** A penalty as its team reads it: the points and the organisers' reason. */
export const myPenaltySchema = z.object({ points: z.number().int(), reason: z.string(), day: z.number().int().nullable() });

const scoreSchema = z.object({
  cluePoints: z.number().int(),
  hintCost: z.number().int(),
  /** The points of the organisers' penalties, each listed with its reason in `penaltyList`. */
  penalties: z.number().int(),
  total: z.number().int(),
  placesVisited: z.number().int(),
  penaltyList: z.array(myPenaltySchema),
});

/** A released clue as its team sees it: never the accepted answers or the place. */
export const myClueSchema = z.object({
  id: z.number().int(),
  day: z.number().int(),
  date: z.string(),
  title: z.string(),
  body: z.string(),
  releaseAt: z.string(),
  points: z.number().int(),
  answerKind: z.enum(answerKinds),
  visited: z.boolean(),
  solved: z.boolean(),
  answers: z.array(myAnswerSchema),
  /** Every hint's cost; its text only once the team took it. */
  hints: z.array(z.object({ id: z.string(), cost: z.number().int(), taken: z.boolean(), text: z.string().nullable() })),
});
export type MyClue = z.infer<typeof myClueSchema>;

/** GET /api/my-clues: the team, its score and today's released clues (and yesterday's, while they still count). */
export const myCluesSchema = z.object({
  team: z.object({ id: z.number().int(), teamName: z.string() }),
  /** Today's rally day, or null outside the rally days. */
  today: z.object({ day: z.number().int(), date: z.string() }).nullable(),
  /**
   * The rally day before today while what was done on it without signal may still arrive (until
   * `closesAt`: its end plus the setting `actGraceHours`); its released clues are in `clues` too.
   */
  yesterday: z.object({ day: z.number().int(), date: z.string(), closesAt: z.string() }).nullable(),
  score: scoreSchema,
  clues: z.array(myClueSchema),
  /** Today's clues still to come: when each is released, nothing more. */
  upcoming: z.array(z.object({ id: z.number().int(), day: z.number().int(), releaseAt: z.string() })),
});
export type MyClues = z.infer<typeof myCluesSchema>;

// Organisers: photos

export const photoRejectSchema = z.object({ reason: requiredText('Please give a reason', 500) });
export type PhotoReject = z.input<typeof photoRejectSchema>;

export const pendingPhotoSchema = z.object({
  id: z.number().int(),
  signupId: z.number().int(),
  teamName: z.string(),
  clueId: z.number().int(),
  clueTitle: z.string(),
  day: z.number().int(),
  photoUrl: z.string(),
  /** When the phone took and sent it (the phone's clock), and when the site received it. */
  answeredAt: z.string(),
  receivedAt: z.string(),
  /** Where the phone was when the photo was taken, when it gave its position (organisers only, never published). */
  position: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }).nullable(),
  /** Metres from the clue's place to that position; null without one. */
  distanceMetres: z.number().int().nullable(),
  /** The clue's place and release time, to judge the photo against. */
  place: z.object({ name: z.string(), lat: z.number(), lng: z.number(), radiusMetres: z.number().int() }),
  releaseAt: z.string(),
});
export const pendingPhotoListSchema = z.array(pendingPhotoSchema);
export type PendingPhoto = z.infer<typeof pendingPhotoSchema>;
export const photoDecisionSchema = z.object({ answer: myAnswerSchema.extend({ id: z.number().int() }) });

// Standings

const dayProgressSchema = z.object({ day: z.number().int(), answered: z.number().int(), released: z.number().int() });

/** One team's line of the public standings: no answers, positions or private fields. */
export const publicStandingSchema = z.object({
  rank: z.number().int(),
  signupId: z.number().int(),
  teamName: z.string(),
  cluePoints: z.number().int(),
  hintCost: z.number().int(),
  /** Penalty points only: the reasons are for the team and the organisers. */
  penalties: z.number().int(),
  total: z.number().int(),
  placesVisited: z.number().int(),
  days: z.array(dayProgressSchema),
});
export type PublicStanding = z.infer<typeof publicStandingSchema>;
export const publicStandingsSchema = z.object({ year: z.number().int(), teams: z.array(publicStandingSchema) });
export type PublicStandings = z.infer<typeof publicStandingsSchema>;

/** The organisers' standings: also the tie-break time and photos waiting. */
export const adminStandingSchema = publicStandingSchema.extend({
  lastScoredAt: z.string().nullable(),
  pendingPhotos: z.number().int(),
});

// Organisers: penalties

export const penaltyInputSchema = z.object({
  signupId: z.number({ error: 'Choose a team' }).int('Choose a team').positive('Choose a team').max(INT4_MAX),
  points: z
    .number({ error: 'Points must be a number' })
    .int('Points must be a whole number')
    .min(1, 'A penalty is at least 1 point')
    .max(MAX_POINTS, `A penalty can be at most ${MAX_POINTS} points`),
  reason: requiredText('Please give a reason', 500),
  /** The rally day it belongs to, when it belongs to one. */
  day: z
    .number({ error: 'Day must be a number' })
    .int('Day must be a whole number')
    .min(1, 'Day must be at least 1')
    .max(30, 'Day can be at most 30')
    .nullish(),
});
export type PenaltyInput = z.input<typeof penaltyInputSchema>;

export const penaltySchema = z.object({
  id: z.number().int(),
  signupId: z.number().int(),
  teamName: z.string(),
  points: z.number().int(),
  reason: z.string(),
  day: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Penalty = z.infer<typeof penaltySchema>;

export const adminStandingsSchema = z.object({
  year: z.number().int(),
  teams: z.array(adminStandingSchema),
  /** The season's penalties, newest first. */
  penaltyList: z.array(penaltySchema),
});
export type AdminStandings = z.infer<typeof adminStandingsSchema>;

// After the rally: the day-by-day story on /rally/{year}

export const storyClueSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The place's name; its coordinates stay private. */
  placeName: z.string(),
  points: z.number().int(),
  answerKind: z.enum(answerKinds),
  /** Public once the rally is over: the answers are part of the story. */
  acceptedAnswers: z.array(z.string()),
  solvedBy: z.number().int(),
  /** The team whose scoring answer came first (the phone's time), or null when nobody solved it. */
  firstSolver: z.object({ signupId: z.number().int(), teamName: z.string() }).nullable(),
});

export const storyDaySchema = z.object({
  day: z.number().int(),
  date: z.string(),
  clues: z.array(storyClueSchema),
  /** The day's best teams by that day's points (clue points less hints and penalties of that day), ties as in the standings; empty when nobody scored. */
  leaders: z.array(z.object({ signupId: z.number().int(), teamName: z.string(), points: z.number().int() })),
  /** The teams' updates from the road posted that day (in the rally's time zone), oldest first, hidden ones left out. */
  updates: z.array(publicTeamUpdateSchema),
});
export type StoryDay = z.infer<typeof storyDaySchema>;

/** GET /api/clues/:year/story: the hunt's day-by-day story, once the rally's last day is over. */
export const dayStorySchema = z.object({
  year: z.number().int(),
  /** The day after the rally's last day: the story shows from then (null for a year without settings). */
  opensOn: z.string().nullable(),
  open: z.boolean(),
  /** Days whose answers are all in: a day shows once answers sent without signal can no longer arrive (the end of the day after it). */
  days: z.array(storyDaySchema),
  /** The rally days still to come in the story, with the date each one shows. */
  comingDays: z.array(z.object({ day: z.number().int(), date: z.string(), showsOn: z.string() })),
});
export type DayStory = z.infer<typeof dayStorySchema>;
