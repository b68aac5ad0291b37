import { useSyncExternalStore } from 'react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { loadSeasonClock } from './season-clock';

/**
 * The rally's settings, which every page reads: filled before the first render from the JSON the
 * server puts in the page (or, on the development server, fetched), and replaced in place when an
 * organiser saves new ones, so the next page shown uses them.
 */
export const rallySettings = {} as RallySettings;

const listeners = new Set<() => void>();
let version = 0;

export async function loadRallySettings(): Promise<void> {
  const embedded = document.getElementById('rally-settings')?.textContent;
  const value = embedded ? JSON.parse(embedded) : await (await fetch('/api/settings')).json();
  Object.assign(rallySettings, value as RallySettings);
  loadSeasonClock();
}

export function replaceRallySettings(value: RallySettings): void {
  Object.assign(rallySettings, value);
  version += 1;
  for (const listener of listeners) listener();
}

/** The settings for a screen that must show a change at once (the settings page itself). */
export function useRallySettings(): RallySettings {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => version,
  );
  return rallySettings;
}
