import { Link } from 'wouter';
import { Clock, Gauge } from 'lucide-react';
import { usePastRallies } from '../../lib/past-rallies';
import { Skeleton } from '../../components/ui/card';
import { Carousel } from './carousel';
import { SectionHeading } from '../../components/section-heading';

const WORDS = [
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
  'Twenty',
];
/** "Ten rallies", as the spec words the heading; figures past twenty. */
const countOf = (n: number) => `${WORDS[n - 1] ?? n} ${n === 1 ? 'rally' : 'rallies'}`;

export function HistoryCarousel() {
  const { data, isError } = usePastRallies();
  const newestFirst = data ? [...data].sort((a, b) => b.year - a.year) : null;
  return (
    <section id="history" aria-labelledby="history-title" className="bg-white py-20">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="history-title" eyebrow={newestFirst ? countOf(newestFirst.length) : 'Rallies'} title="Rally History">
          Every rally has its own route, its own clues and its own stories. Pick a year to relive it.
        </SectionHeading>
        {!newestFirst && (
          <div
            role="status"
            aria-label={isError ? 'The rallies could not be loaded' : 'Loading the rallies'}
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {isError ? (
              <p className="text-slate-600">The rallies could not be loaded. Please try again later.</p>
            ) : (
              [1, 2, 3].map((i) => <Skeleton key={i} className="aspect-video w-full" />)
            )}
          </div>
        )}
        {newestFirst && (
          <Carousel label="Rally history" slideClassName="basis-full sm:basis-1/2 lg:basis-1/3">
            {newestFirst.map((r) => (
              <Link
                key={r.year}
                href={`/rally/${r.year}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-lg"
              >
                <div className="relative aspect-video overflow-hidden bg-navy-900">
                  <img
                    src={r.imageUrl}
                    alt={`${r.destination} ${r.year}`}
                    loading="lazy"
                    width={1200}
                    height={675}
                    className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
                  />
                  <img
                    src={r.plateImageUrl}
                    alt={`Plate: ${r.year} ${r.destination}`}
                    loading="lazy"
                    width={520}
                    height={120}
                    className="absolute bottom-3 left-3 w-36 rounded-md shadow-lg"
                  />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm font-semibold text-rally-600">
                    {r.year} · {r.destination}
                  </p>
                  <h3 className="mt-1 text-xl font-bold text-navy-900 group-hover:underline">{r.title}</h3>
                  <p className="mt-2 line-clamp-3 flex-1 text-slate-600">{r.description}</p>
                  <p className="mt-4 flex gap-4 text-sm font-medium text-slate-700">
                    <span className="inline-flex items-center gap-1">
                      <Gauge className="h-4 w-4 text-navy-600" aria-hidden />
                      {r.distance}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="h-4 w-4 text-navy-600" aria-hidden />
                      {r.duration}
                    </span>
                  </p>
                </div>
              </Link>
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
