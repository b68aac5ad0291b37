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
export function SeasonNotice({ className }: { className?: string }) {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const { year } = rallySettings;
  if (!story || story.phase === 'open' || story.phase === 'full') return null;
  return (
    <p role="status" className={className}>
      {story.phase === 'on-the-road' ? (
        `The ${year} rally is on the road: day ${story.day} of ${story.days}.`
      ) : story.phase === 'results-pending' || story.phase === 'results-published' ? (
        <>
          The {year} rally has finished.{story.phase === 'results-pending' && ' Its results are being counted.'}{' '}
          <ResultsLink year={year} className="font-semibold text-gold-300 underline underline-offset-2" />
        </>
      ) : (
        registrationClosedText(year, story.phase, rallySettings.registrationOpensAt, seasonNow())
      )}
    </p>
  );
}
