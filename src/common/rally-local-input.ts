import { TZDate } from '@date-fns/tz';

/*
 * Its own module, as the zone arithmetic is a library the first visit's pages do not need
 * (rally-time.ts shows times with Intl alone).
 */

/**
 * The instant a wall-clock time typed in the rally's zone names ("2026-09-10T16:30" in Paris is
 * 14:30 UTC), whatever the zone of the browser or server doing the sum. Null when not a date-time.
 */
export function fromRallyLocalInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const instant = new TZDate(y, mo - 1, d, h, mi, timeZone);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime()).toISOString();
}
