import { Quote } from 'lucide-react';
import { testimonials } from '@common/testimonials';
import { Carousel } from './carousel';
import { SectionHeading } from './section-heading';

export function TestimonialsCarousel() {
  return (
    <section id="stories" aria-labelledby="stories-title" className="bg-navy-900 py-20">
      <div className="mx-auto max-w-4xl px-4">
        <SectionHeading id="stories-title" eyebrow="In their words" title="Rallier Stories" light />
        <Carousel label="Rallier stories" slideClassName="basis-full" delayMs={7000} dark>
          {testimonials.map((t) => (
            <figure key={t.author} className="flex h-full flex-col items-center rounded-2xl bg-navy-800 px-6 py-10 text-center sm:px-12">
              <Quote className="h-10 w-10 text-gold-400" aria-hidden />
              <blockquote className="mt-4 font-display text-xl leading-relaxed text-white sm:text-2xl">“{t.quote}”</blockquote>
              <figcaption className="mt-6 text-navy-100">
                <span className="font-semibold text-gold-300">{t.author}</span> · {t.rally}
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
