import type { RallySettings } from './schemas/rally-settings';

/**
 * The one way a rally date is shown. The settings hold days (YYYY-MM-DD, the rally's own calendar
 * days, no time zone); the pages, e-mails and share texts word them from here, so moving the rally
 * in /admin/settings moves every date the site shows.
 */

type Day = { day: number; month: string; year: number };

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

function parts(isoDay: string): Day {
  const [y = NaN, m = NaN, d = NaN] = isoDay.split('-').map(Number);
  return { day: d, month: monthName.format(new Date(Date.UTC(y, m - 1, d))), year: y };
}

/** "9 September 2026". */
export function formatDay(isoDay: string): string {
  const p = parts(isoDay);
  return `${p.day} ${p.month} ${p.year}`;
}

/**
 * "9-12 September 2026", "30 August - 2 September 2026", "30 December 2026 - 2 January 2027", or
 * "9 September 2026" for a single day: the spec words the rally's days this way.
 */
export function formatDayRange(startDay: string, endDay: string): string {
  const a = parts(startDay);
  const b = parts(endDay);
  if (startDay === endDay) return formatDay(startDay);
  if (a.year !== b.year) return `${formatDay(startDay)} - ${formatDay(endDay)}`;
  if (a.month !== b.month) return `${a.day} ${a.month} - ${b.day} ${b.month} ${b.year}`;
  return `${a.day}-${b.day} ${b.month} ${b.year}`;
}

type DaySettings = Pick<RallySettings, 'rallyStart' | 'rallyEnd' | 'tripStart' | 'tripEnd'>;

/** The rally days (the home page, dashboard, signup page and e-mails: "9-12 September 2026"). */
export const rallyDates = (s: DaySettings) => formatDayRange(s.rallyStart, s.rallyEnd);

/** The whole trip, ferries included (This Year and the registered page: "9-13 September 2026"). */
export const tripDates = (s: DaySettings) => formatDayRange(s.tripStart, s.tripEnd);

const NUMBER_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];

/** How long the trip lasts, both ends counted, as This Year words it: "Five days". */
export function tripLength(s: DaySettings): string {
  const days = Math.round((Date.parse(`${s.tripEnd}T00:00:00Z`) - Date.parse(`${s.tripStart}T00:00:00Z`)) / 86_400_000) + 1;
  return `${NUMBER_WORDS[days - 1] ?? days} ${days === 1 ? 'day' : 'days'}`;
}
