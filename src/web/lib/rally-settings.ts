import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { RallySettings } from '@common/schemas/rally-settings';
import { DEFAULT_RALLY_TIME_ZONE } from '@common/rally-time-zone';
import { loadSeasonClock } from './season-clock';

/**
 * The rally's settings, which every page reads, are a query: in the cache before the first render
 * (from the JSON the server puts in the page, or fetched on the development server; set by the
 * server-side rendering), and replaced there when an organiser saves new ones.
 */
export const settingsKey = ['/api/settings'] as const;

export async function loadRallySettings(client: QueryClient): Promise<void> {
  const embedded = document.getElementById('rally-settings')?.textContent;
  const value = embedded ? JSON.parse(embedded) : await (await fetch('/api/settings')).json();
  client.setQueryData(settingsKey, value as RallySettings);
  loadSeasonClock();
}

/** Always there: never removed from the cache (auth.ts startSession). */
export const useRallySettings = () => useQuery<RallySettings>({ queryKey: settingsKey }).data!;

/** The rally's time zone (the setting `timeZone`): every time a page shows or takes is in it. */
export const useRallyTimeZone = (): string => useRallySettings().timeZone ?? DEFAULT_RALLY_TIME_ZONE;
