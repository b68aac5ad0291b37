import { z } from 'zod';
import { rawText } from './primitives';

/**
 * Team positions during the rally (features/tracking): the team's own sharing controls, the
 * positions the rally app posts, and the delayed, rounded positions every supporter sees.
 */

/** Where a position came from: the rally app while open, or a tracker app at the team's secret address. */
export const positionSources = ['app', 'owntracks', 'traccar'] as const;
export type PositionSource = (typeof positionSources)[number];

/** Public positions are rounded to this many decimal places of a degree: 0.01° is about 1.1 km north-south. */
export const PUBLIC_POSITION_DECIMALS = 2;
/** Public position times are rounded down to this many minutes. */
export const PUBLIC_TIME_STEP_MINUTES = 5;

/** A coordinate rounded for the public map (the one rule for the server's answer and any page that words it). */
export function roundForPublic(degrees: number): number {
  const factor = 10 ** PUBLIC_POSITION_DECIMALS;
  return Math.round(degrees * factor) / factor;
}

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`);
export const latitude = coordinate('Latitude', 90);
export const longitude = coordinate('Longitude', 180);
/** Metres; a phone reports from a few metres (GPS) to a few kilometres (cell towers). */
export const accuracyMetres = z
  .number({ error: 'Accuracy must be a number' })
  .min(0, 'Accuracy cannot be negative')
  .max(1_000_000, 'Accuracy must be at most 1,000 km');

/** The earliest fix time accepted: a phone whose clock says 1970 has not got a fix. */
export const EARLIEST_FIX = Date.parse('2000-01-01T00:00:00Z');
/** How far ahead of the server a phone's clock may run before its fix is refused. */
export const FUTURE_FIX_TOLERANCE_MS = 10 * 60 * 1000;

/** A position the rally app posts; `clientId` is made on the phone, so a retry is stored once. */
export const appPositionSchema = z.object({
  lat: latitude,
  lng: longitude,
  accuracy: accuracyMetres.nullish().transform((v) => v ?? null),
  recordedAt: z.iso.datetime({ offset: true, error: 'Recorded at must be a date and time' }),
  clientId: rawText(100).pipe(z.string().min(1, 'Client id is required')),
});
export type AppPositionInput = z.input<typeof appPositionSchema>;

/** Turns the team's sharing on (or back on) or pauses it. */
export const sharingSchema = z.object({ sharing: z.boolean({ error: 'Sharing must be true or false' }) });
export type SharingInput = z.infer<typeof sharingSchema>;

/** off: never turned on; on: positions are stored and shown late and rounded; paused: nothing is stored or shown. */
export const sharingStates = ['off', 'on', 'paused'] as const;
export type SharingState = (typeof sharingStates)[number];

/** The team's own latest position: exact, to the team only. */
export const ownPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
  source: z.enum(positionSources),
});

/** The team's sharing as its driver and co-driver see it. */
export const myTrackingSchema = z.object({
  state: z.enum(sharingStates),
  /** When a tracker address was made (its token is shown once, then only its date); null: none. */
  trackerAddressCreatedAt: z.string().nullable(),
  latest: ownPositionSchema.nullable(),
  /** How late supporters see the team's position (the rally setting). */
  publicDelayMinutes: z.number().int(),
});
export type MyTracking = z.infer<typeof myTrackingSchema>;

/** A new tracker address: the only answer that carries its secret. */
export const trackerAddressSchema = z.object({ url: z.string(), createdAt: z.string() });
export type TrackerAddress = z.infer<typeof trackerAddressSchema>;

/** A stored (or, while sharing is paused or off, dropped) position. */
export const positionAnswerSchema = z.object({ stored: z.boolean() });

/** One team on the supporters' map: its latest position at least the delay old, rounded. */
export const publicPositionSchema = z.object({
  signupId: z.number().int(),
  teamName: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** When the team was there, rounded down to PUBLIC_TIME_STEP_MINUTES. */
  at: z.string(),
});
export const livePositionsSchema = z.object({
  delayMinutes: z.number().int(),
  decimals: z.number().int(),
  teams: z.array(publicPositionSchema),
});
export type LivePositions = z.infer<typeof livePositionsSchema>;
export type PublicPosition = z.infer<typeof publicPositionSchema>;
