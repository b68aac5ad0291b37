import { Quote } from 'lucide-react';
import { useTestimonials } from '../../lib/home-page';
import { Skeleton } from '../../components/ui/card';
import { Carousel } from './carousel';
import { SectionHeading } from '../../components/section-heading';

/** Rallier Stories: the organisers' stories (/admin/home-page); a placeholder while they load. */
export function TestimonialsCarousel() {
  const { data, isError } = useTestimonials();
  if (data && data.length === 0) return null;
  return (
    <section id="stories" aria-labelledby="stories-title" className="bg-navy-900 py-20">
      <div className="mx-auto max-w-4xl px-4">
        <SectionHeading id="stories-title" eyebrow="In their words" title="Rallier Stories" light />
        {!data && (
          <div role="status" aria-label={isError ? 'The stories could not be loaded' : 'Loading the stories'}>
            {isError ? (
              <p className="text-center text-navy-100">The stories could not be loaded. Please try again later.</p>
            ) : (
              <Skeleton className="h-64 w-full bg-navy-800" />
            )}
          </div>
        )}
        {data && (
          <Carousel label="Rallier stories" slideClassName="basis-full" delayMs={7000} dark>
            {data.map((t) => (
              <figure key={t.id} className="flex h-full flex-col items-center rounded-2xl bg-navy-800 px-6 py-10 text-center sm:px-12">
                <Quote className="h-10 w-10 text-gold-400" aria-hidden />
                <blockquote className="mt-4 font-display text-xl leading-relaxed text-white sm:text-2xl">“{t.quote}”</blockquote>
                <figcaption className="mt-6 text-navy-100">
                  <span className="font-semibold text-gold-300">{t.author}</span>
                  {t.rallyLabel && <> · {t.rallyLabel}</>}
                </figcaption>
              </figure>
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
