import { useEffect, useRef, useState } from 'react';

/** Where "near the screen" begins: a little ahead, so what the visitor scrolls to is usually ready before it shows. */
const AHEAD = '200px 0px';

/**
 * Calls `onNear` once the element comes near the screen (at once where the browser cannot tell:
 * no IntersectionObserver). Returns what stops watching.
 */
export function watchNearScreen(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: AHEAD },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Settles when the element comes near the screen. */
export function nearScreen(element: Element): Promise<void> {
  return new Promise((resolve) => void watchNearScreen(element, resolve));
}

/**
 * A ref to put on an element, and whether it has come near the screen yet: false in the server's
 * render and in the render that hydrates it (so the two agree), true for good once it has.
 */
export function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    return watchNearScreen(ref.current, () => setNear(true));
  }, [near]);
  return { ref, near };
}
