import { Suspense, type ReactNode } from 'react';
import { nearScreen } from './near-screen';

/**
 * Deferred hydration of a server-rendered section below the first screen. While the browser
 * hydrates a server-rendered page, the section keeps the server's HTML as it is (a Suspense
 * boundary whose content waits) and is hydrated only when it comes near the screen or when the
 * visitor acts inside it (a tap, a click, a key, focus): a phone hydrates the first screen alone
 * first, which is what Lighthouse's total blocking time and a visitor's first taps wait for.
 *
 * React retries a section at once when the visitor acts in it (a tap, a click, a key, focus: it
 * hydrates the section on the spot to deliver the event), and the section then hydrates.
 */

/** True once main.tsx starts hydrating a server-rendered page (a page the browser renders itself never defers). */
let deferring = false;
/** The sections that have waited once (by element id). */
const waited = new Set<string>();

/** Called by main.tsx just before it hydrates a server-rendered page. */
export function startDeferredHydration(): void {
  deferring = true;
}

/**
 * Waits only in the first attempt to hydrate the section from the server's HTML: React tries again
 * when the gate opens, or earlier on its own (the visitor acts in the section, or what the section
 * reads changes), and the section then hydrates at once. Rendered when its element is not in the
 * page (a later visit to the page in the same tab), it renders at once.
 */
function Gated({ id, children }: { id: string; children: ReactNode }) {
  if (deferring && !waited.has(id)) {
    const element = document.getElementById(id);
    if (element) {
      waited.add(id);
      // React keeps the server's HTML for the section until this promise settles.
      throw nearScreen(element);
    }
  }
  return children;
}

/**
 * A section (its root element has this `id`) hydrated when it comes near the screen or the visitor
 * acts in it. A parent that re-renders with new children before then has it hydrated at once (React
 * hydrates a boundary that receives an update): give it elements that do not change.
 */
export function HydrateWhenSeen({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gated id={id}>{children}</Gated>
    </Suspense>
  );
}
