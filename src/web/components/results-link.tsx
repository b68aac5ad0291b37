import { Link } from 'wouter';
import { useRallySettings } from '../lib/rally-settings';
import { useSeasonStory } from '../lib/season-story';

/**
 * A finished rally's page, /rally/{year}: its results once published; until then (this season's
 * rally, results still being counted) the hunt day by day, and the link says so.
 */
export function ResultsLink({ year, className }: { year: number; className?: string }) {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const pending = year === rallySettings.year && story?.phase !== 'results-published';
  return (
    <Link href={`/rally/${year}`} className={className ?? 'font-semibold underline underline-offset-2'}>
      {pending ? `The ${year} hunt, day by day` : `See the ${year} results`}
    </Link>
  );
}
