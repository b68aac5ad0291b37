import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_RALLY_TIME_ZONE } from '@common/rally-time';
import type { RallySettings } from '@common/schemas/rally-settings';
import { settingsKey } from './rally-settings';

/**
 * The rally's time zone (settings `timeZone`), which every time a page shows is in. Read from the
 * settings the page already has (never fetched for it), so a screen without them still shows times.
 */
export function useRallyTimeZone(): string {
  return useQueryClient().getQueryData<RallySettings>(settingsKey)?.timeZone ?? DEFAULT_RALLY_TIME_ZONE;
}
