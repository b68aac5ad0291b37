import type { Position } from '@common/schemas/clues';

/**
 * Where the phone is, when it says: undefined when it has no geolocation, the team refused it, or
 * no fix came within a few seconds. A fix up to a minute old will do (the phone had one moments ago).
 */
export function phonePosition(timeoutMs = 8000): Promise<Position | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          lat: coords.latitude,
          lng: coords.longitude,
          ...(Number.isFinite(coords.accuracy) ? { accuracy: Math.min(coords.accuracy, 100_000) } : {}),
        }),
      () => resolve(undefined),
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: timeoutMs },
    );
  });
}

/** The id and the time of an act, made on the phone at the moment of the act. */
export const actStamp = () => ({ clientId: crypto.randomUUID(), answeredAt: new Date().toISOString() });
