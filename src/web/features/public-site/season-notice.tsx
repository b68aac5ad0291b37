import { registrationClosedText } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { seasonNow } from '../../lib/season-clock';
import { useSeasonStory } from '../../lib/season-story';
import { ResultsLink } from '../../components/results-link';

/**
 * What the public pages say of the season when it is not simply taking teams, one line per phase
 * of its story (season-phase.ts seasonStory): being prepared, registration not yet open or closed,
 * on the road (which day), or over with its results counted or published.
 */
export function SeasonNotice({ className, linkClassName }: { className?: string; linkClassName?: string }) {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const { year } = rallySettings;
  const link = linkClassName ?? 'font-semibold text-gold-300 underline underline-offset-2';
  switch (story?.phase) {
    case 'preparing':
    case 'not-open':
    case 'closed':
      return (
        <p role="status" className={className}>
          {registrationClosedText(year, story.phase, rallySettings.registrationOpensAt, seasonNow())}
        </p>
      );
    case 'on-the-road':
      return (
        <p role="status" className={className}>
          The {year} rally is on the road: day {story.day} of {story.days}.
        </p>
      );
    case 'results-pending':
      return (
        <p role="status" className={className}>
          The {year} rally has finished. Its results are being counted. <ResultsLink year={year} className={link} />
        </p>
      );
    case 'results-published':
      return (
        <p role="status" className={className}>
          The {year} rally has finished. <ResultsLink year={year} className={link} />
        </p>
      );
    default:
      return null;
  }
}
