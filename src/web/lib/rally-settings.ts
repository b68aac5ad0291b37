import type { RallySettings } from '@common/schemas/rally-settings';

/**
 * The rally's settings, which every page reads: filled before the first render from the JSON the
 * server puts in the page (or, on the development server, fetched), and replaced in place when an
 * organiser saves new ones, so the next page shown uses them.
 */
export const rallySettings = {} as RallySettings;

export async function loadRallySettings(): Promise<void> {
  const embedded = document.getElementById('rally-settings')?.textContent;
  const value = embedded ? JSON.parse(embedded) : await (await fetch('/api/settings')).json();
  Object.assign(rallySettings, value as RallySettings);
}

export function replaceRallySettings(value: RallySettings): void {
  Object.assign(rallySettings, value);
}
