import { rallyDayTime } from '@common/rally-time';

/**
 * When an update was written, in the rally's time zone (the setting `timeZone`, `useRallyTimeZone`):
 * "Thu 10 Sep, 13:05". A list of updates says once which zone (`timesAreIn`).
 */
export const updateTime = (iso: string, timeZone: string): string => rallyDayTime(iso, timeZone);
