/**
 * One clock for the rally: every time the site shows or takes (clue releases, "Next clue at", "sent
 * at", the control room, e-mails, the day story) is in the rally's time zone, a setting
 * (`timeZone`, an IANA name), and each screen says once which zone that is. The calendar day is in
 * rally-calendar-day.ts (the first visit's pages need only it) and typed times are read in
 * rally-local-input.ts (the zone arithmetic is a library).
 */
export { DEFAULT_RALLY_TIME_ZONE } from './rally-time-zone';
/** The calendar day (YYYY-MM-DD) in the rally's zone. */
export { rallyDate } from './rally-calendar-day';

/** True for a time zone name this runtime knows (IANA, e.g. "Europe/Paris"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

type At = Date | string;
const asDate = (at: At) => (typeof at === 'string' ? new Date(at) : at);

// Formatters cost far more to make than to use, and a page may show hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: 'time' | 'dayTime' | 'zone' | 'parts'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let made = formatters.get(key);
  if (made) return made;
  const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
    time: { hour: '2-digit', minute: '2-digit' },
    dayTime: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
    zone: { timeZoneName: 'short' },
    parts: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  };
  made = new Intl.DateTimeFormat('en-GB', { timeZone, ...options[kind] });
  formatters.set(key, made);
  return made;
}

/** "14:05" in the rally's zone. */
export const rallyTime = (at: At, timeZone: string): string => formatter(timeZone, 'time').format(asDate(at));

/** "Sat 12 Sep, 14:05" in the rally's zone. */
export const rallyDayTime = (at: At, timeZone: string): string => formatter(timeZone, 'dayTime').format(asDate(at));

/** The zone's short name at that instant: "CEST" in summer, "CET" in winter (or "GMT+2" where it has none). */
export function zoneAbbreviation(timeZone: string, at: At = new Date()): string {
  return (
    formatter(timeZone, 'zone')
      .formatToParts(asDate(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** "Paris time": the zone as people say it, from its city. */
export const zonePlaceName = (timeZone: string): string => `${timeZone.split('/').pop()?.replaceAll('_', ' ') ?? timeZone} time`;

/** What every screen that tells a time says once: "Times are Paris time (CEST)." */
export const timesAreIn = (timeZone: string, at: At = new Date()): string =>
  `Times are ${zonePlaceName(timeZone)} (${zoneAbbreviation(timeZone, at)}).`;

/** The value of a `datetime-local` field showing this instant in the rally's zone: "2026-09-10T16:30". */
export function toRallyLocalInput(at: At, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone, 'parts')
      .formatToParts(asDate(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
