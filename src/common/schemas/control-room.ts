import { z } from 'zod';
import { madeAt } from './act-time';
import { positionSchema } from './clues';
import { INT4_MAX, requiredText, text } from './primitives';

/**
 * The live rally's control room (docs/features/control-room.md): a team's SOS and "All OK tonight"
 * from the rally app, the organisers' messages to teams, Web Push subscriptions, and the organisers'
 * view of every team.
 */

const clientId = z.uuid('clientId must be a UUID made on the phone');

const signupId = z.number({ error: 'signupId must be a number' }).int('signupId must be a whole number').positive().max(INT4_MAX);

// The team's side (the rally app)

export const sosInputSchema = z.object({
  clientId,
  position: positionSchema.optional(),
  note: text(500).optional(),
  madeAt: madeAt.optional(),
});
export type SosInput = z.infer<typeof sosInputSchema>;

/** The team's SOS as the team sees it: when it was pressed and arrived, and the organisers' answer. */
export const sosSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  /** When it reached the site (kept as the first name it had; the same as arrivedAt). */
  raisedAt: z.string(),
  /** When the team pressed it (the phone's time, within bounds). */
  madeAt: z.string(),
  arrivedAt: z.string(),
  /** When an organiser said they had seen it. */
  seenAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** What the organiser wrote when marking it resolved. */
  resolveNote: z.string().nullable(),
});
export type Sos = z.infer<typeof sosSchema>;

export const allOkInputSchema = z.object({ clientId, madeAt: madeAt.optional() });
export const allOkSchema = z.object({ day: z.string(), at: z.string() });
export type AllOk = z.infer<typeof allOkSchema>;

/**
 * The team's own state in the rally app: tonight's All OK and its SOS: the open one, else the one
 * resolved today (in the rally's zone), so the team reads the organisers' note.
 */
export const myRallyStatusSchema = z.object({
  teamName: z.string(),
  today: z.string(),
  allOkToday: allOkSchema.nullable(),
  openSos: sosSchema.nullable(),
});
export type MyRallyStatus = z.infer<typeof myRallyStatusSchema>;

export const rallyMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** True when sent to every team; false when only to this one. */
  toAll: z.boolean(),
  sentAt: z.string(),
});
export type RallyMessage = z.infer<typeof rallyMessageSchema>;
export const rallyMessageListSchema = z.array(rallyMessageSchema);

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    // Push services are reached over HTTPS only (web-push speaks nothing else).
    .url({ error: 'endpoint must be an https:// push service address', protocol: /^https$/ })
    .max(2000, 'endpoint is too long'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be a P-256 public key in base64url'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'keys.auth must be 16 bytes in base64url'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = pushSubscriptionSchema.pick({ endpoint: true });
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

// The organisers' side

export const rallyMessageInputSchema = z.object({
  body: requiredText('Please write the message', 1000),
  /** One team; absent: every team of the season holding a place. */
  signupId: signupId.optional(),
});
export type RallyMessageInput = z.infer<typeof rallyMessageInputSchema>;

export const adminRallyMessageSchema = rallyMessageSchema.extend({
  signupId: z.number().int().nullable(),
  teamName: z.string().nullable(),
});
export type AdminRallyMessage = z.infer<typeof adminRallyMessageSchema>;
export const adminRallyMessageListSchema = z.array(adminRallyMessageSchema);

export const sosResolveSchema = z.object({ note: requiredText('Please say how the SOS was resolved', 500) });
export type SosResolve = z.infer<typeof sosResolveSchema>;

const exactPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  at: z.string(),
  /** app, owntracks, traccar: where the team's tracking came from; sos: sent with an SOS. */
  source: z.string(),
});
export type ExactPosition = z.infer<typeof exactPositionSchema>;

const personToCallSchema = z.object({ name: z.string(), phone: z.string() });

/** An open SOS for the organisers, with the team's private contact details (organisers only). */
export const sosAlertSchema = z.object({
  id: z.number().int(),
  signupId: z.number().int(),
  teamName: z.string(),
  /** When it reached the site (as arrivedAt). */
  raisedAt: z.string(),
  /** When the team pressed it. */
  madeAt: z.string(),
  arrivedAt: z.string(),
  /** The latest time the team pressed it again while it was open; null if never. */
  repeatedAt: z.string().nullable(),
  note: z.string(),
  /** Sent with the SOS (its time is the press that sent it); else the team's last known position, if any. */
  position: exactPositionSchema.nullable(),
  seenAt: z.string().nullable(),
  /** The organiser who said they had seen it. */
  seenBy: z.string().nullable(),
  /** When it was e-mailed again to every organiser as unacknowledged. */
  escalatedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  driver: personToCallSchema,
  coDriver: personToCallSchema.nullable(),
  emergencyContact: personToCallSchema.extend({ relationship: z.string() }),
});
export type SosAlert = z.infer<typeof sosAlertSchema>;

export const controlRoomTeamSchema = z.object({
  signupId: z.number().int(),
  teamName: z.string(),
  driverName: z.string(),
  lastPosition: exactPositionSchema.nullable(),
  /** The latest of positions, answers, check-ins, hints, All OK and SOS; null: never heard from. */
  lastContactAt: z.string().nullable(),
  /** Not heard from for the setting's hours (or never, once the rally has begun). */
  silent: z.boolean(),
  cluesAnsweredToday: z.number().int(),
  cluesAnswered: z.number().int(),
  allOkTonight: z.string().nullable(),
  /** Past the evening hour of a trip day without tonight's All OK. */
  allOkMissing: z.boolean(),
  openSos: z.number().int(),
});
export type ControlRoomTeam = z.infer<typeof controlRoomTeamSchema>;

export const controlRoomSchema = z.object({
  year: z.number().int(),
  today: z.string(),
  silentHours: z.number(),
  /** The rally's zone: the screen shows every time in it and says so. */
  timeZone: z.string(),
  allOkEveningHour: z.number().int(),
  sos: z.array(sosAlertSchema),
  teams: z.array(controlRoomTeamSchema),
});
export type ControlRoom = z.infer<typeof controlRoomSchema>;
