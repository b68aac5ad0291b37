import { seasonPhase, seasonStory, type SeasonStory } from '@common/season-phase';
import { useRallySettings } from './rally-settings';
import { useRegistrationStatus } from './registration-status';
import { seasonNow } from './season-clock';

/**
 * Where the season is now (season-phase.ts seasonStory), for every page and menu: the settings and
 * the season's clock, with whether the rally is full and its results published from
 * /api/signup/status (every server-rendered page carries it). Undefined only while that answer
 * loads and the story depends on it (registration open, or the rally over).
 */
export function useSeasonStory(): SeasonStory | undefined {
  const settings = useRallySettings();
  const status = useRegistrationStatus().data;
  const now = seasonNow();
  const calendar = seasonPhase(settings, now);
  if (!status && (calendar === 'open' || calendar === 'finished')) return undefined;
  return seasonStory(settings, { full: status?.full ?? false, resultsPublished: status?.resultsPublished ?? false }, now);
}
