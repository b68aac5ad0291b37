// First, so every schema is made without eval (see the file).
import './lib/zod-without-eval';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { newQueryClient, seedQueries, type PageData } from './lib/query-client';
import { holdDataUntilTakenOver } from './lib/take-over';
import { Root } from './root';
import { loadRallySettings } from './lib/rally-settings';
import { routeFor } from './routes';
import './styles.css';

/** The browser's one cache. */
const queryClient = newQueryClient();

// Every page reads the rally settings, so they are in place before the first render (the server
// puts them in the page, so this waits for nothing there). A public page arrives drawn by the
// server (entry-server.tsx), so it shows before this script runs; React takes it over in place.
void loadRallySettings().then(async () => {
  const container = document.getElementById('root')!;
  if (!container.firstElementChild) return createRoot(container).render(<Root client={queryClient} />);
  // The answers the server drew the page with, and the page's code, before the first render.
  const data = document.getElementById('rally-data')?.textContent;
  if (data) seedQueries(queryClient, JSON.parse(data) as PageData);
  // A chunk that fails to load (a deploy replaced it) is reported by the page's error boundary.
  await routeFor(window.location.pathname)
    ?.preload()
    .catch(() => {});
  holdDataUntilTakenOver();
  // As a transition, React takes the page over in short slices, leaving the phone free to scroll
  // and tap in between (a blocking take-over was the longest task of a page's load).
  startTransition(() => void hydrateRoot(container, <Root client={queryClient} />));
});
