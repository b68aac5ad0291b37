import { Link } from 'wouter';
import { tripDates, tripLength } from '@common/rally-dates';
import { ArrowRight, CalendarDays, Flag, MapPin, Trophy, Users } from 'lucide-react';
import type { RallySettings } from '@common/schemas/rally-settings';
import { signupPossible } from '@common/season-phase';
import { useRallySettings } from '../lib/rally-settings';
import { useSeasonStory } from '../lib/season-story';
import { useRoutes } from '../lib/routes';
import { buttonClass } from '../components/ui/button';
import { Skeleton } from '../components/ui/card';
import { MoneyFacts } from '../components/money-facts';
import { PageHeader } from '../features/public-site/page-header';
import { useDocumentTitle } from '../lib/use-document-title';
import { RouteMapFrame } from '../components/map/route-map-frame';

const cards = (rallySettings: RallySettings, canSignUp: boolean) => [
  {
    href: '/teams',
    icon: Users,
    title: "Who's Registered",
    text: canSignUp
      ? `Meet the teams already signed up for the road to ${rallySettings.destination}.`
      : 'Meet the teams taking part this year.',
    cta: 'See the teams',
  },
  {
    href: '/leaderboard',
    icon: Trophy,
    title: 'Fundraising Leaderboard',
    text: 'See how much each team has raised for Jersey charities.',
    cta: 'View the leaderboard',
  },
  ...(canSignUp
    ? [
        {
          href: '/signup',
          icon: Flag,
          title: 'Register Your Team',
          text: 'Find a co-driver, pick a car and claim your place.',
          cta: `Sign up for ${rallySettings.year}`,
        },
      ]
    : []),
];

export default function ThisYearPage() {
  const c = useRallySettings();
  const routes = useRoutes();
  const story = useSeasonStory();
  // A season being prepared has only last season's facts, copied: none is shown as this one's.
  const preparing = story?.phase === 'preparing';
  // Drawn once the season has a route (organisers set it on /admin/settings); a placeholder while the routes load.
  const hasRoute = routes.data?.some((r) => r.year === c.year);
  useDocumentTitle(`${c.year} Rally`);
  return (
    <>
      <PageHeader
        eyebrow={
          <span className="inline-flex items-center rounded-full bg-gold-400 px-3 py-1 text-sm font-bold text-navy-950">
            {c.year} Rally
          </span>
        }
        title={preparing ? `The ${c.year} Rally` : c.routeLabel}
      >
        {preparing
          ? `The ${c.year} rally is being prepared: its dates and route are announced here once they are set.`
          : `The ${c.edition} ${c.productName} heads for the French Riviera.`}
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-12">
        {!preparing && (
          <>
            <dl className="grid gap-4 sm:grid-cols-3">
              {[
                { icon: MapPin, term: 'Destination', value: c.destination },
                { icon: Flag, term: 'Route', value: c.routeLabel },
                { icon: CalendarDays, term: 'Dates', value: tripDates(c) },
              ].map(({ icon: Icon, term, value }) => (
                <div key={term} className="rounded-2xl border border-slate-200 bg-navy-50/60 p-5">
                  <dt className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-600">
                    <Icon className="h-4 w-4 text-rally-600" aria-hidden />
                    {term}
                  </dt>
                  <dd className="mt-2 text-xl font-bold text-navy-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-8 text-lg leading-relaxed text-slate-700">
              {tripLength(c)} from {tripDates(c)}: the ferry from Jersey to {c.startPort}, then about {c.cluesPerDay} clues and{' '}
              {c.milesPerDay} miles a day through the heart of France to the Croisette at {c.destination}.
            </p>
          </>
        )}
        {/* Its cost is copied too while the season is being prepared. */}
        {!preparing && <MoneyFacts className="mt-8" />}
        {routes.isPending && (
          <div role="status" aria-label="Loading the route map" className="mt-8">
            <Skeleton className="h-[480px] w-full rounded-2xl" />
          </div>
        )}
        {hasRoute && (
          <RouteMapFrame src={`/embeds/route-map?route=y${c.year}&duration=3`} title={`${c.year} Rally Route`} className="mt-8" />
        )}
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {cards(c, !!story && signupPossible(story)).map(({ href, icon: Icon, title, text, cta }) => (
            <li key={href}>
              <Link
                href={href}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
              >
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-navy-900 text-gold-400">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <span className="mt-4 text-xl font-bold text-navy-900">{title}</span>
                <span className="mt-2 flex-1 text-slate-600">{text}</span>
                <span className="mt-4 inline-flex items-center gap-1 font-semibold text-rally-600 group-hover:underline">
                  {cta} <ArrowRight className="h-4 w-4" aria-hidden />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <Link href="/about" className={buttonClass('secondary', 'lg')}>
            Learn More<span className="sr-only"> about the rally</span>
          </Link>
        </div>
      </div>
    </>
  );
}
