import { useEffect, useState } from 'react';

/**
 * A page the server drew is taken over by React in two steps: the navigation bar at once, the
 * page itself just after. An answer arriving between the two would make the page's first render
 * differ from the server's drawing (React reports that as an error and draws it again), so while
 * a page is taken over, data is fetched only once it has been. Otherwise nothing waits.
 */
let takenOver: Promise<void> = Promise.resolve();
let release: () => void = () => {};

/** Called before React takes over a page the server drew. */
export function holdDataUntilTakenOver(): void {
  takenOver = new Promise<void>((resolve) => (release = resolve));
}

/** Called once the page has been taken over (and harmlessly after every later page change). */
export function markPageTakenOver(): void {
  document.getElementById('root')?.removeAttribute('data-ssr');
  release();
}

/** Resolves when data may be fetched. */
export const pageTakenOver = () => takenOver;

/** False in the server's drawing and in the render that takes it over; true from then on. */
export function useTakenOver(): boolean {
  const [takenOver, setTakenOver] = useState(false);
  useEffect(() => setTakenOver(true), []);
  return takenOver;
}
