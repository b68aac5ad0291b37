import type { z } from 'zod';
import { badRequest } from '../../errors';
import {
  osmAndParamsSchema,
  ownTracksLocationSchema,
  ownTracksMessageSchema,
  traccarJsonSchema,
} from '../../../common/schemas/tracker-formats';
import type { PositionSource } from '../../../common/schemas/tracking';
import type { Fix } from '../../services/team-positions';

/**
 * What a tracker app's request holds: a position (with `sos` when the team pressed the tracker's SOS,
 * Traccar's `alarm=sos`), or a message to acknowledge and ignore.
 */
export type TrackerMessage = { kind: 'position'; source: PositionSource; fix: Fix; sos?: boolean } | { kind: 'ignored' };

/** Traccar's SOS: `alarm=sos` among the OsmAnd parameters, or in the JSON location's extras. */
const isSosAlarm = (value: unknown) => typeof value === 'string' && value.trim().toLowerCase() === 'sos';

function parsed<T extends z.ZodType>(schema: T, value: unknown, format: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(`Not a valid ${format} position: ${issue?.path.join('.') || 'request'} ${issue?.message ?? ''}`.trim());
  }
  return result.data;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one request to a tracker address, whichever app sent it (tracker-formats.ts):
 * - a JSON body with `_type`: OwnTracks (a location, or another message type to ignore);
 * - a JSON body with `location`: Traccar Client 9 and later;
 * - otherwise query or form parameters: the OsmAnd protocol of earlier Traccar Clients.
 * An empty body (OwnTracks posts one when a friend is deleted) is acknowledged and ignored.
 */
export function readTrackerRequest(query: Record<string, unknown>, body: unknown): TrackerMessage {
  if (isObject(body) && '_type' in body) {
    const message = parsed(ownTracksMessageSchema, body, 'OwnTracks');
    if (message._type !== 'location') return { kind: 'ignored' };
    const p = parsed(ownTracksLocationSchema, body, 'OwnTracks');
    return {
      kind: 'position',
      source: 'owntracks',
      fix: { lat: p.lat, lng: p.lon, accuracy: p.acc ?? null, recordedAt: new Date(p.tst * 1000) },
    };
  }
  if (isObject(body) && 'location' in body && isObject(body.location)) {
    const p = parsed(traccarJsonSchema, body, 'Traccar');
    const { coords, timestamp } = p.location;
    const extras = isObject(body.location.extras) ? body.location.extras : {};
    return {
      kind: 'position',
      source: 'traccar',
      fix: { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy ?? null, recordedAt: new Date(timestamp) },
      sos: isSosAlarm(extras.alarm) || isSosAlarm(body.alarm),
    };
  }
  const params = { ...query, ...(isObject(body) ? body : {}) };
  if (!Object.keys(params).length) {
    if (body === undefined || body === null || body === '') return { kind: 'ignored' };
    throw badRequest('Not a position this address understands (OwnTracks JSON or OsmAnd parameters)');
  }
  const p = parsed(osmAndParamsSchema, params, 'OsmAnd');
  return {
    kind: 'position',
    source: 'traccar',
    // A fix without a time is as of now (OsmAnd treats a missing timestamp so).
    fix: { lat: p.lat, lng: p.lon, accuracy: p.accuracy ?? null, recordedAt: p.timestamp ?? new Date() },
    sos: isSosAlarm(params.alarm),
  };
}

/** The id that makes a tracker's retry of the same fix count once: its source and fix time. */
export const trackerClientId = (source: PositionSource, fix: Fix) => `${source}:${fix.recordedAt.getTime()}`;
