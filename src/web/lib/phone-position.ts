import type { Position } from '@common/schemas/clues';

/**
 * Where the phone is, when it says: undefined when it has no geolocation, the person refused it, or
 * no fix came within a few seconds. A fix up to a minute old will do (the phone had one moments ago).
 * A browser that never calls back (some do when permission is left pending) is not waited on either.
 */
export function phonePosition(timeoutMs = 8_000): Promise<Position | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs + 500);
    const settle = (position: Position | undefined) => {
      clearTimeout(timer);
      resolve(position);
    };
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        settle({
          lat: coords.latitude,
          lng: coords.longitude,
          ...(Number.isFinite(coords.accuracy) ? { accuracy: Math.min(coords.accuracy, 100_000) } : {}),
        }),
      () => settle(undefined),
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: timeoutMs },
    );
  });
}
