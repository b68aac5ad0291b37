import { Children, useCallback, useMemo, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A looping carousel (embla) with previous/next buttons. It turns by itself every few seconds,
 * pauses while hovered or focused, and stays still for people who ask for reduced motion.
 */
export function Carousel({
  label,
  children,
  slideClassName,
  delayMs = 6000,
  dark,
}: {
  label: string;
  children: ReactNode;
  slideClassName: string;
  delayMs?: number;
  dark?: boolean;
}) {
  const plugins = useMemo(
    () => (reducedMotion() ? [] : [Autoplay({ delay: delayMs, stopOnMouseEnter: true, stopOnInteraction: false, stopOnFocusIn: true })]),
    [delayMs],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' }, plugins);
  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  const slides = Children.toArray(children);
  const buttonClass = cn(
    'grid h-11 w-11 place-items-center rounded-full border shadow-sm transition cursor-pointer',
    dark ? 'border-navy-700 bg-navy-800 text-white hover:bg-navy-700' : 'border-slate-300 bg-white text-navy-900 hover:bg-navy-50',
  );
  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              className={cn('min-w-0 shrink-0 grow-0 pl-4', slideClassName)}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClass} onClick={prev} aria-label="Previous slide">
          <ChevronLeft className="h-5 w-5" aria-hidden />
        </button>
        <button type="button" className={buttonClass} onClick={next} aria-label="Next slide">
          <ChevronRight className="h-5 w-5" aria-hidden />
        </button>
      </div>
    </div>
  );
}
