import { Link } from 'wouter';
import { rallyDates } from '@common/rally-dates';
import { moneyStory } from '@common/money-story';
import { signupPossible } from '@common/season-phase';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';
import { buttonClass } from '../../components/ui/button';
import { GetUpdatesDialog } from './get-updates-dialog';

export function CallToAction() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  // While a team can sign up (season-phase.ts); otherwise the call is to hear when the next rally opens.
  const open = !!story && signupPossible(story);
  // A season being prepared has only last season's facts, copied: none is shown as this one's.
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
          {open ? `${rallySettings.year} Rally Now Open` : `The ${rallySettings.year} Rally`}
        </h2>
        <p className="mt-4 text-lg text-white/90">
          {open
            ? `Gather a co-driver, pick a car and join the ${rallySettings.edition} rally to ${rallySettings.destination}. Places are limited.`
            : 'Get updates to hear as soon as registration for the next rally opens.'}
        </p>
        {!preparing && <p className="mt-3 text-white/90">{moneyStory(rallySettings).summary}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {open && (
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
