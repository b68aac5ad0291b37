import { Link, useParams } from 'wouter';
import { ArrowLeft, Clock, Gauge, HandCoins, type LucideIcon } from 'lucide-react';
import { formatPence } from '@common/money';
import type { PastRally } from '@common/schemas/past-rallies';
import { usePastRallies } from '../lib/past-rallies';
import { useRoutes } from '../lib/routes';
import { Skeleton } from '../components/ui/card';
import { useRallySettings } from '../lib/rally-settings';
import { useSeasonStory } from '../lib/season-story';
import { rallyFinished } from '@common/season-phase';
import { buttonClass } from '../components/ui/button';
import { PhotoGallery } from '../features/public-site/photo-gallery';
import { RallyParticipants } from '../features/participants/rally-participants';
import { DayStory } from '../features/clues/day-story';
import { RouteMapFrame } from '../components/map/route-map-frame';
import { useDocumentTitle } from '../lib/use-document-title';

/** Spec section 9: the route embed animates over 3 seconds. */
const ROUTE_DURATION_S = 3;

function RallyNotFound() {
  useDocumentTitle('Rally Not Found');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="font-display text-3xl font-bold text-navy-900">Rally Not Found</h1>
      <p className="mt-3 text-slate-600">There was no rally that year. Pick another from the Previous Rallies menu.</p>
      <Link href="/" className={buttonClass('primary', 'md', 'mt-6')}>
        Back to Home
      </Link>
    </section>
  );
}

/**
 * /rally/{this season's year} before the rally joins the history (when its results are published):
 * what the season's story says of it, and from the rally's end its hunt day by day.
 */
function ThisSeasonRally() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const { year } = rallySettings;
  const over = !!story && rallyFinished(story);
  return (
    <article className="pb-20">
      <div className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 pb-12 pt-8">
          <Link href="/#history" className="inline-flex items-center gap-2 rounded text-sm font-semibold text-gold-300 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Rally History
          </Link>
          <div className="mt-6">
            <span className="rounded-full bg-gold-400 px-3 py-1 text-sm font-bold text-navy-950">{year}</span>
          </div>
          <h1 className="mt-4 font-display text-4xl font-bold sm:text-5xl">
            {rallySettings.productName} {year}
          </h1>
          {story?.phase !== 'preparing' && <p className="mt-3 text-lg text-navy-100">{rallySettings.routeLabel}</p>}
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4">
        <div className="mt-8 rounded-xl border border-navy-200 bg-navy-50 px-4 py-3 text-lg text-navy-900">
          {story?.phase === 'results-pending' ? (
            <p role="status">
              The {year} rally has finished. Its results are being counted: they appear here once the organisers publish them. Until then,
              here is the treasure hunt day by day.
            </p>
          ) : story?.phase === 'on-the-road' ? (
            <p role="status">
              The {year} rally is on the road: day {story.day} of {story.days}.{' '}
              <Link href="/live" className="font-semibold text-rally-600 underline underline-offset-2">
                Follow the rally live
              </Link>
            </p>
          ) : story ? (
            <p role="status">
              The {year} rally is still ahead: its story is told here from the end of the rally.{' '}
              <Link href="/this-year" className="font-semibold text-rally-600 underline underline-offset-2">
                About the {year} rally
              </Link>
            </p>
          ) : null}
        </div>
        {over && <DayStory year={year} sayWhenEmpty />}
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-14">
      <h2 className="mb-5 font-display text-2xl font-bold text-navy-900 sm:text-3xl">{title}</h2>
      {children}
    </section>
  );
}

/** The rally's distance, duration and what its teams raised; a fact not known is left out, not shown empty. */
function RallyFacts({ rally }: { rally: PastRally }) {
  const facts: [string, LucideIcon, string][] = [
    ['Total distance', Gauge, rally.distance.trim()],
    ['Duration', Clock, rally.duration.trim()],
    ['Raised for charity', HandCoins, rally.raisedPence === null ? '' : formatPence(rally.raisedPence)],
  ];
  const known = facts.filter(([, , value]) => value);
  if (!known.length) return null;
  return (
    <dl className="flex flex-wrap gap-4 md:flex-col">
      {known.map(([label, Icon, value]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-navy-50/60 px-5 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-slate-600">
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </dt>
          <dd className="text-xl font-bold text-navy-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function RallyPage() {
  const rallySettings = useRallySettings();
  const params = useParams<{ year?: string }>();
  const { data: rallies, isError } = usePastRallies();
  const routes = useRoutes();
  // Without a year: the latest rally.
  const year = params.year === undefined ? rallies?.at(-1)?.year : Number(params.year);
  const rally = rallies?.find((r) => r.year === year);
  const thisSeason = !rally && year === rallySettings.year;
  useDocumentTitle(
    rally ? `${rally.year} ${rally.destination}` : thisSeason ? `${year} Rally` : rallies || isError ? 'Rally Not Found' : 'Rally',
  );

  if (!rallies && !isError)
    return (
      <div role="status" aria-label="Loading the rally" className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-6 aspect-video w-full" />
      </div>
    );
  if (!rally) return year === rallySettings.year ? <ThisSeasonRally /> : <RallyNotFound />;
  return (
    <article className="pb-20">
      <div className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 pb-12 pt-8">
          <Link href="/#history" className="inline-flex items-center gap-2 rounded text-sm font-semibold text-gold-300 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Rally History
          </Link>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <span className="rounded-full bg-gold-400 px-3 py-1 text-sm font-bold text-navy-950">{rally.year}</span>
            <img
              src={rally.plateImageUrl}
              alt={`Plate: ${rally.year} ${rally.destination}`}
              width={520}
              height={120}
              className="h-9 w-auto rounded"
            />
          </div>
          <h1 className="mt-4 font-display text-4xl font-bold sm:text-5xl">{rally.title}</h1>
          <p className="mt-3 text-lg text-navy-100">
            {rallySettings.productName} {rally.year} • {rally.destination}
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4">
        {/* The page's largest paint: fetched before the other images. */}
        <img
          src={rally.imageUrl}
          alt={`${rally.destination} ${rally.year}: ${rally.title}`}
          fetchPriority="high"
          width={1200}
          height={675}
          className="-mt-6 aspect-video w-full rounded-2xl object-cover shadow-xl"
        />
        <div className="mt-8 grid gap-6 md:grid-cols-[1fr_auto]">
          <p className="text-lg leading-relaxed text-slate-700">{rally.description}</p>
          <RallyFacts rally={rally} />
        </div>
        {rally.gallery.length ? (
          <Section title="Rally Gallery">
            <PhotoGallery key={rally.year} images={rally.gallery} altPrefix={`${rally.destination} ${rally.year}`} />
          </Section>
        ) : null}
        {/* A rally without a saved route has no map; a placeholder while the routes load. */}
        {routes.isPending && (
          <Section title="The Route">
            <div role="status" aria-label="Loading the route map">
              <Skeleton className="h-[480px] w-full rounded-2xl" />
            </div>
          </Section>
        )}
        {routes.data?.some((r) => r.id === rally.routeId) && (
          <Section title="The Route">
            <RouteMapFrame
              src={`/embeds/route-map?route=${rally.routeId}&duration=${ROUTE_DURATION_S}`}
              title={`${rally.year} Rally Route`}
            />
          </Section>
        )}
        <DayStory year={rally.year} />
        <Section title={`${rally.year} Participants`}>
          <RallyParticipants year={rally.year} />
        </Section>
      </div>
    </article>
  );
}
