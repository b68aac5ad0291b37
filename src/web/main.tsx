import './styles.css';
import { nextTask } from './lib/next-task';

/**
 * The entry the page loads: only the styles and this. A server-rendered page (#root[data-ssr]) is
 * painted from its HTML first, with the images it leads with, and the app (start.tsx: React, the
 * page's code, hydration) is fetched and started after that paint: a phone on a slow line spends
 * its first moments on the HTML, the styles and those images. A page the browser renders itself
 * has nothing to paint first: it starts at once, and its HTML has the app preloaded
 * (scripts/preload-app.ts). So does a page opened in a tab in the background, which paints nothing.
 */
const paintFirst = (document.getElementById('root')?.hasAttribute('data-ssr') ?? false) && document.visibilityState === 'visible';

// React, React DOM and the app are each evaluated in a task of its own (start.tsx cuts the rest in
// steps too): one task evaluating them all was the longest a slow phone was blocked in the load.
void (paintFirst ? afterFirstPaint() : Promise.resolve())
  .then(() => import('react'))
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start'));

/**
 * Once the browser has shown the page: its first contentful paint is reported and the images it
 * marks fetchpriority="high" (the hero, a rally's main photo) have loaded, then two frames later,
 * by when the frame that shows them is on the screen. Never more than three seconds.
 */
function afterFirstPaint(): Promise<void> {
  const leading = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const firstPaint = new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  const loaded = (img: HTMLImageElement) =>
    new Promise<void>((resolve) => {
      if (img.complete) return resolve();
      img.addEventListener('load', () => resolve(), { once: true });
      img.addEventListener('error', () => resolve(), { once: true });
    });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const shown = Promise.all([firstPaint, ...leading.map(loaded)])
    .then(frame)
    .then(frame);
  return Promise.race([shown.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}
