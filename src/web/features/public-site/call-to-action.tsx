import { Link } from 'wouter';
import { rallyDates } from '@common/rally-dates';
import { moneyStory } from '@common/money-story';
import { signupPossible, type SeasonStory } from '@common/season-phase';
import type { RallySettings } from '@common/schemas/rally-settings';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';
import { buttonClass } from '../../components/ui/button';
import { GetUpdatesDialog } from './get-updates-dialog';

/** The closing call's title and line for each phase of the season (season-phase.ts). */
function callFor(story: SeasonStory | undefined, s: RallySettings): { title: string; text: string } {
  switch (story?.phase) {
    case 'open':
      return {
        title: `${s.year} Rally Now Open`,
        text: `Gather a co-driver, pick a car and join the ${s.edition} rally to ${s.destination}. Places are limited.`,
      };
    case 'full':
      return {
        title: `${s.year} Rally Now Open`,
        text: `The rally is full: new teams join the waiting list, and take a place as one comes free.`,
      };
    case 'on-the-road':
      return { title: `The ${s.year} Rally`, text: `The teams are on the road to ${s.destination}: follow them live.` };
    case 'preparing':
      return {
        title: `The ${s.year} Rally`,
        text: `The ${s.year} rally is being prepared. Get updates to hear as soon as registration opens.`,
      };
    default:
      return { title: `The ${s.year} Rally`, text: 'Get updates to hear as soon as registration for the next rally opens.' };
  }
}

export function CallToAction() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const { title, text } = callFor(story, rallySettings);
  const preparing = story?.phase === 'preparing';
  return (
    <section id="join" aria-labelledby="join-title" className="relative overflow-hidden bg-rally-600 py-20 text-white">
      <div className="mx-auto max-w-3xl px-4 text-center">
        {!preparing && (
          <p className="text-sm font-semibold uppercase tracking-widest text-white/90">
            {rallyDates(rallySettings)} · {rallySettings.routeLabel}
          </p>
        )}
        <h2 id="join-title" className="mt-2 font-display text-3xl font-bold sm:text-5xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-white/90">{text}</p>
        {!preparing && <p className="mt-3 text-white/90">{moneyStory(rallySettings).summary}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {story?.phase === 'on-the-road' && (
            <Link href="/live" className={buttonClass('primary', 'lg')}>
              Follow the Rally Live
            </Link>
          )}
          {story && signupPossible(story) && (
            <Link href="/signup" className={buttonClass('primary', 'lg')}>
              Sign Up for {rallySettings.year}
            </Link>
          )}
          <GetUpdatesDialog idPrefix="cta-updates" variant="secondary" />
        </div>
      </div>
    </section>
  );
}
