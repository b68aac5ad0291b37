import { Link } from 'wouter';
import { rallyDates } from '@common/rally-dates';
import { signupPossible } from '@common/season-phase';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import { useRallySettings } from '../../lib/rally-settings';
import { useSeasonStory } from '../../lib/season-story';
import { buttonClass } from '../../components/ui/button';
import { GetUpdatesDialog } from './get-updates-dialog';
import { SeasonNotice } from './season-notice';

export function Hero() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  // A season being prepared has only last season's facts, copied: none is shown as this one's.
  const preparing = story?.phase === 'preparing';
  // The first screen's call: on rally days to /live, while a team can sign up to the form.
  const call =
    story?.phase === 'on-the-road'
      ? ({ href: '/live', label: 'Follow the Rally Live' } as const)
      : story && signupPossible(story)
        ? ({ href: '/signup', label: 'Register Now' } as const)
        : null;
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate -mt-20 overflow-hidden bg-navy-950 pt-20 text-white">
      <img src="/images/hero.webp" alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" fetchPriority="high" />
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-navy-950/70 via-navy-950/40 to-navy-950/90" />
      <div className="mx-auto flex min-h-[min(78vh,760px)] max-w-7xl flex-col justify-center px-4 py-20 sm:py-28">
        {!preparing && (
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-gold-400/60 bg-navy-950/60 px-4 py-1.5 text-sm font-semibold text-gold-300">
            <CalendarDays className="h-4 w-4" aria-hidden /> {rallyDates(rallySettings)}
          </p>
        )}
        <h1 id="hero-title" className="mt-5 max-w-3xl font-display text-4xl font-bold leading-tight sm:text-6xl">
          {rallySettings.productName} {rallySettings.year}
        </h1>
        {!preparing && (
          <p className="mt-3 flex items-center gap-2 text-xl text-gold-300 sm:text-2xl">
            <MapPin className="h-6 w-6" aria-hidden /> {rallySettings.routeLabel}
          </p>
        )}
        <p className="mt-5 max-w-2xl text-lg text-navy-50">
          {preparing ? 'A' : `The ${rallySettings.edition}`} charity treasure-hunt road rally: teams of two leave Jersey, follow the clues
          across France and raise money for local Jersey charities along the way.
        </p>
        <SeasonNotice className="mt-5 w-fit rounded-xl bg-navy-950/70 px-4 py-3 text-lg font-semibold text-white" />
        <div className="mt-8 flex flex-wrap gap-3">
          {call && (
            <Link href={call.href} className={buttonClass('primary', 'lg')}>
              {call.label}
            </Link>
          )}
          {/* Full: new teams join the waiting list. */}
          {story?.phase === 'full' && (
            <p
              role="status"
              className="inline-flex items-center gap-2 self-center rounded-full bg-navy-950/70 px-4 py-2 text-sm font-semibold text-gold-300"
            >
              <Clock className="h-4 w-4" aria-hidden /> The rally is full: new teams join the waiting list
            </p>
          )}
          <GetUpdatesDialog
            idPrefix="hero-updates"
            variant="outline"
            className="border-white/70 bg-white/10 text-white hover:bg-white/20"
          />
        </div>
      </div>
    </section>
  );
}
