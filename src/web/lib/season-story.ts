import { seasonStory, type SeasonStory } from '@common/season-phase';
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
  const status = useRegistrationStatus().data;
  const story = seasonStory(useRallySettings(), { full: !!status?.full, resultsPublished: !!status?.resultsPublished }, seasonNow());
  return status || (story.phase !== 'open' && story.phase !== 'results-pending') ? story : undefined;
}
