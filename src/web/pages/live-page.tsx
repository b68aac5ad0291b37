import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDay } from '@common/rally-dates';
import { rallyFinished, type SeasonStory } from '@common/season-phase';
import type { RallySettings } from '@common/schemas/rally-settings';
import { Card } from '../components/ui/card';
import { useRallySettings } from '../lib/rally-settings';
import { useSeasonStory } from '../lib/season-story';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../features/fundraising/page-header';
import { StandingsBoard, useStandingsSettled } from '../features/clues';
import { LiveMap } from '../features/tracking';
import { useLiveQueryInvalidation } from '../lib/live-events';
import { UpdatesFeed } from '../features/team-updates';
import { DonateLink } from '../components/update-card';
import { FollowTeam } from '../features/followers';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** What /live says of the season (season-phase.ts): the rally ahead, on the road, or over. */
function LiveIntro({ story, s }: { story: SeasonStory | undefined; s: RallySettings }) {
  switch (story?.phase) {
    case undefined:
      return null;
    case 'on-the-road':
      return (
        <p>
          Day {story.day} of {story.days}. Follow the teams on the road to {s.destination}: the treasure hunt's scores, where they are and
          their news.
        </p>
      );
    case 'results-pending':
    case 'results-published':
      return (
        <p>
          The {s.year} rally has finished. Here are the final standings of the treasure hunt
          {story.phase === 'results-pending' ? ' (the results are being counted)' : ''}.{' '}
          <Link href={`/rally/${s.year}`} className="font-semibold text-gold-300 underline underline-offset-2">
            The {s.year} rally, day by day
          </Link>
        </p>
      );
    case 'preparing':
      return (
        <p>
          The {s.year} rally is being prepared. The treasure hunt's scores, where the teams are and their news appear here during the rally.
        </p>
      );
    default:
      return (
        <p>
          The rally starts on {formatDay(s.rallyStart)}. The treasure hunt's scores, where the teams are and their news appear here from the
          first rally day.
        </p>
      );
  }
}

/**
 * /live: the rally as it happens, for supporters. The treasure hunt's standings, the map of the
 * teams sharing their position (late and rounded) and the teams' updates, each kept fresh by the
 * live event stream (one per page) without reloading; each team, in the standings and on each of
 * its updates, offers "Follow this team". Before the rally it says when it starts;
 * after it, the final standings and the way to the rally's page.
 */
export default function LivePage() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  useDocumentTitle('Live Rally');
  useLiveQueryInvalidation();
  const onTheRoad = story?.phase === 'on-the-road';
  const over = !!story && rallyFinished(story);
  // On a phone the updates come below the standings: they wait for the standings' rows (and the
  // map, with its fixed height), so the page does not jump under the reader's eyes.
  const standingsSettled = useStandingsSettled(onTheRoad || over);
  return (
    <>
      <PageHeader eyebrow={`${rallySettings.productName} ${rallySettings.year}`} title="Live Rally">
        <LiveIntro story={story} s={rallySettings} />
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-10 lg:grid-cols-2">
        {/* min-w-0: a wide standings table scrolls within its card instead of widening the page. */}
        <div className="min-w-0 space-y-6">
          {(onTheRoad || over) && (
            <Section id="live-standings" title={over ? 'Final standings' : 'Standings'}>
              <StandingsBoard teamAction={(t) => <FollowTeam signupId={t.signupId} teamName={t.teamName} />} />
            </Section>
          )}
          {onTheRoad && (
            <Section id="live-map" title="Where the teams are">
              <LiveMap />
            </Section>
          )}
        </div>
        {standingsSettled && (
          <Section id="live-updates" title="Updates from the road">
            <UpdatesFeed
              signupId={null}
              donate={(u) => (
                <div className="flex flex-wrap items-start gap-2">
                  <DonateLink update={u} />
                  <FollowTeam signupId={u.signupId} teamName={u.teamName} />
                </div>
              )}
              empty="Teams post news and photos here from the road during the rally. None has been posted yet."
            />
          </Section>
        )}
      </div>
    </>
  );
}
