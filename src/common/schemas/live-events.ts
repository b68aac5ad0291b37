import { z } from 'zod';

/**
 * What the live event stream (GET /api/live/events, Server-Sent Events) tells open pages: the kind
 * of change and the ids it concerns, never the data itself. A page refetches what the kind names
 * (through its own authorised endpoint), so an event carries nothing a supporter may not know.
 * - positions.changed: the public map's positions changed (GET /api/tracking/positions).
 * - standings.changed: a team answered, took a hint, checked in or had a photo judged (GET
 *   /api/clues/standings).
 * - updates.changed: a team posted an update, or an organiser hid or showed one again (GET
 *   /api/team-updates).
 * - live.resync: this server may have missed events (its database connection was lost): refetch
 *   everything shown.
 * Other features add their kinds here (dot-separated, lower case).
 */
export const liveEventKinds = ['positions.changed', 'standings.changed', 'updates.changed', 'live.resync'] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

export const liveEventSchema = z.object({
  kind: z.string().regex(/^[a-z]+(\.[a-z]+)+$/),
  /** The team concerned, when the change is one team's. */
  signupId: z.number().int().positive().optional(),
  /** The record concerned (a clue, an answer...), when the kind names one. */
  id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema> & { kind: LiveEventKind | (string & {}) };
