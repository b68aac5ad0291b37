import { useEffect, useRef } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { AboutFeatures } from '../features/public-site/about-features';
import { CallToAction } from '../features/public-site/call-to-action';
import { Hero } from '../features/public-site/hero';
import { HistoryCarousel } from '../features/public-site/history-carousel';
import { ParticipantsSection } from '../features/participants/participants-section';
import { HASH_SCROLL_DELAY_MS, parseSectionHash, scrollToSection } from '../lib/scroll';
import { StatsTiles } from '../features/public-site/stats-tiles';
import { TestimonialsCarousel } from '../features/public-site/testimonials-carousel';
import { WinnersTable } from '../features/public-site/winners-table';
import { useDocumentTitle } from '../lib/use-document-title';
import { HydrateWhenSeen } from '../lib/hydrate-when-seen';

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

/** The hash scroll in a component of its own: its re-renders (as the page's data arrives) leave the page's sections as they are. */
function HashScroll() {
  useHashScroll();
  return null;
}

/**
 * Everything below the hero is hydrated as it nears the screen (lib/hydrate-when-seen.tsx): a
 * phone's first screen is the hero alone. Made once, so the sections' elements never change.
 */
const belowTheHero = (
  <>
    <HydrateWhenSeen id="about">
      <AboutFeatures />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="rally-stats">
      <StatsTiles />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="winners">
      <WinnersTable />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="history">
      <HistoryCarousel />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="participants">
      <ParticipantsSection />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="stories">
      <TestimonialsCarousel />
    </HydrateWhenSeen>
    <HydrateWhenSeen id="join">
      <CallToAction />
    </HydrateWhenSeen>
  </>
);

export default function HomePage() {
  useDocumentTitle('');
  return (
    <>
      <HashScroll />
      <Hero />
      {belowTheHero}
    </>
  );
}
