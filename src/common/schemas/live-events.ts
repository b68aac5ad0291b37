import { z } from 'zod';

/**
 * What the live event stream (GET /api/live-events, Server-Sent Events) tells open pages: the kind
 * of change and the ids it concerns, never the data itself. A page refetches what the kind names
 * (through its own authorised endpoint), so an event carries nothing a supporter may not know.
 * - positions.changed: the public map's positions changed (GET /api/tracking/positions).
 * - standings.changed: a team answered, took a hint, checked in or had a photo judged (GET
 *   /api/clues/standings).
 * - updates.changed: a team posted an update, or an organiser hid or showed one again (GET
 *   /api/team-updates).
 * - live.resync: this server may have missed events (its database connection was lost): refetch
 *   everything shown.
 * - messages.new: the organisers sent a message to teams (its id only: no team, no body); the rally
 *   app fetches GET /api/my-rally-app/messages.
 * - admin.sos: a team raised an SOS, or an organiser marked one resolved (team and SOS ids).
 * - admin.contact: a team was heard from in a way no public event tells (its All OK tonight).
 * Kinds starting `admin.` are the organisers' (features/control-room): only the organisers' stream
 * GET /api/admin/live-events carries them, never the public one.
 * Other features add their kinds here (dot-separated, lower case).
 */
export const liveEventKinds = [
  'positions.changed',
  'standings.changed',
  'updates.changed',
  'live.resync',
  'messages.new',
  'admin.sos',
  'admin.contact',
] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

export const liveEventSchema = z.object({
  kind: z.string().regex(/^[a-z]+(\.[a-z]+)+$/),
  /** The team concerned, when the change is one team's. */
  signupId: z.number().int().positive().optional(),
  /** The record concerned (a clue, an answer...), when the kind names one. */
  id: z.number().int().positive().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema> & { kind: LiveEventKind | (string & {}) };

/** An organisers' event: never sent on the public stream. */
export const isOrganiserEvent = (event: Pick<LiveEvent, 'kind'>) => event.kind.startsWith('admin.');
