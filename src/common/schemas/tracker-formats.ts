import { z } from 'zod';
import { accuracyMetres, latitude, longitude } from './tracking';

/**
 * What tracker apps send to a team's secret address, in their own public formats:
 * - OwnTracks, HTTP mode (owntracks.org/booklet/tech/http, .../tech/json): a JSON POST of one
 *   message; `_type: "location"` carries `lat`, `lon`, `tst` (Unix seconds) and optionally `acc`
 *   (metres); every other `_type` (lwt, transition, waypoint, card...) is acknowledged and ignored.
 * - Traccar Client, OsmAnd protocol (traccar.org/osmand): `id`, `lat`, `lon`, `timestamp` (Unix
 *   seconds or ISO), `accuracy` and more as query or form parameters (before version 9), or since
 *   version 9 a JSON POST `{ location: { timestamp, coords: { latitude, longitude, accuracy } }, device_id }`.
 */

/** Any OwnTracks message: only its type is read first. */
export const ownTracksMessageSchema = z.looseObject({ _type: z.string().max(40) });

export const ownTracksLocationSchema = z.looseObject({
  _type: z.literal('location'),
  lat: latitude,
  lon: longitude,
  tst: z.number().int('tst must be whole seconds').positive('tst must be a Unix time'),
  acc: accuracyMetres.optional(),
});

/** A number written as text in a query or form parameter. */
const decimal = z
  .string()
  .trim()
  .regex(/^[-+]?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

/** OsmAnd's timestamp: Unix seconds (milliseconds when that large), or an ISO date and time. */
const osmAndTime = z
  .string()
  .trim()
  .max(40)
  .transform((raw, ctx) => {
    const ms = /^\d+(\.\d+)?$/.test(raw) ? (Number(raw) > 1e11 ? Number(raw) : Number(raw) * 1000) : Date.parse(raw);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'timestamp must be Unix seconds or an ISO date and time' });
      return z.NEVER;
    }
    return new Date(ms);
  });

/** OsmAnd query or form parameters; `location=lat,lon` may stand for `lat` and `lon`. */
export const osmAndParamsSchema = z
  .looseObject({
    lat: decimal.pipe(latitude).optional(),
    lon: decimal.pipe(longitude).optional(),
    location: z.string().max(60).optional(),
    timestamp: osmAndTime.optional(),
    accuracy: decimal.pipe(accuracyMetres).optional(),
  })
  .transform((p, ctx) => {
    let { lat, lon } = p;
    if ((lat === undefined || lon === undefined) && p.location) {
      const [a, b] = p.location.split(',').map((part) => latitude.safeParse(Number(part.trim())));
      if (a?.success && b?.success && longitude.safeParse(b.data).success) [lat, lon] = [a.data, b.data];
    }
    if (lat === undefined || lon === undefined) {
      ctx.addIssue({ code: 'custom', message: 'lat and lon are required' });
      return z.NEVER;
    }
    return { lat, lon, timestamp: p.timestamp, accuracy: p.accuracy };
  });

/** Traccar Client 9's JSON (the background location SDK's own format). */
export const traccarJsonSchema = z.looseObject({
  location: z.looseObject({
    timestamp: z.iso.datetime({ offset: true }),
    coords: z.looseObject({ latitude, longitude, accuracy: accuracyMetres.optional() }),
  }),
});
