import { useEffect } from 'react';
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

/** Scrolls to the section a URL hash names (e.g. /#winners), once the page has drawn. */
function useHashScroll() {
  useEffect(() => {
    const { section } = parseSectionHash(window.location.hash);
    if (!section) return;
    const timer = setTimeout(() => scrollToSection(section), HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
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
