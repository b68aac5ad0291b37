import { useEffect, useRef } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { AboutFeatures } from '../features/public-site/about-features';
import { CallToAction } from '../features/public-site/call-to-action';
import { Hero } from '../features/public-site/hero';
import { HistoryCarousel } from '../features/public-site/history-carousel';
import { ParticipantsSection } from '../features/public-site/participants-section';
import { HASH_SCROLL_DELAY_MS, parseSectionHash, scrollToSection } from '../lib/scroll';
import { StatsTiles } from '../features/public-site/stats-tiles';
import { TestimonialsCarousel } from '../features/public-site/testimonials-carousel';
import { WinnersTable } from '../features/public-site/winners-table';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Scrolls to the section a URL hash names (e.g. /#winners), once the page has drawn, and again
 * each time the page's data has all arrived: tables and carousels above the section grow as their
 * answers come in, which on a slow phone would push the section out of view. Stops following as
 * soon as the visitor scrolls, taps or types.
 */
function useHashScroll() {
  const settled = useIsFetching() === 0;
  const visitorMoved = useRef(false);
  useEffect(() => {
    const moved = () => {
      visitorMoved.current = true;
    };
    const events = ['wheel', 'pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, moved, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, moved);
    };
  }, []);
  useEffect(() => {
    const { section } = parseSectionHash(window.location.hash);
    if (!section || !settled || visitorMoved.current) return;
    const timer = setTimeout(() => scrollToSection(section), HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settled]);
}

export default function HomePage() {
  useDocumentTitle('');
  useHashScroll();
  return (
    <>
      <Hero />
      <AboutFeatures />
      <StatsTiles />
      <WinnersTable />
      <HistoryCarousel />
      <ParticipantsSection />
      <TestimonialsCarousel />
      <CallToAction />
    </>
  );
}
