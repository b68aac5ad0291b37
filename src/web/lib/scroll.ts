/** Height of the fixed navigation bar; in-page scrolling stops this far below the top (spec section 9). */
export const NAV_OFFSET_PX = 80;
/** Spec section 9: a hash naming a section is scrolled to after this delay, once the page has drawn. */
export const HASH_SCROLL_DELAY_MS = 100;

/** Scrolls a section into view below the fixed bar. Returns false when there is no such section. */
export function scrollToSection(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - NAV_OFFSET_PX;
  window.scrollTo({ top, behavior });
  return true;
}

/** '#participants?year=2015' -> { section: 'participants', params: year=2015 }. */
export function parseSectionHash(hash: string): { section: string; params: URLSearchParams } {
  const raw = decodeURIComponent(hash.replace(/^#/, ''));
  const [section = '', query = ''] = raw.split('?');
  return { section, params: new URLSearchParams(query) };
}
