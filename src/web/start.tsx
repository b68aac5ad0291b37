// The app itself, loaded by main.tsx (after a server-rendered page's first paint).
// First, so every schema is made without eval (see the file).
import './lib/zod-without-eval';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { newQueryClient } from './lib/query-client';
import { Root } from './root';
import { loadRallySettings } from './lib/rally-settings';
import { notFound, routeFor } from './routes';
import { startDeferredHydration } from './lib/hydrate-when-seen';
import { nextTask } from './lib/next-task';

/** The browser's one cache. */
const queryClient = newQueryClient();

// Every page reads the rally settings, so they are in place before the first render (the server
// puts them in the page, so this waits for nothing there). A public page arrives server-rendered
// (entry-server.tsx), so it shows before this script runs; React hydrates it in place.
void loadRallySettings(queryClient).then(async () => {
  const container = document.getElementById('root')!;
  // A page the browser renders itself renders as a transition too, in short slices.
  if (!container.firstElementChild) return startTransition(() => createRoot(container).render(<Root client={queryClient} />));
  // The queries the server rendered the page with (its `dehydrate`), and the page's code, before
  // hydrating. setQueryData rather than the library's `hydrate`: it counts them as fetched now,
  // which they are (the server renders a page again whenever its data changes), so none refetches
  // while the page hydrates (docs/decisions/011).
  const { queries } = JSON.parse(document.getElementById('ssr-state')!.textContent!) as DehydratedState;
  for (const { queryKey, state } of queries) queryClient.setQueryData(queryKey, state.data);
  // Each step in a task of its own: the app's code was evaluated in the last one, the page's is next.
  await nextTask();
  // A chunk that fails to load (a deploy replaced it) is reported by the page's error boundary.
  await (routeFor(window.location.pathname) ?? notFound).preload().catch(() => {});
  await nextTask();
  // As a transition, React hydrates the page in short slices, leaving the phone free to scroll
  // and tap in between (a blocking hydration was the longest task of a page's load).
  // Sections below the first screen wait until they near it (lib/hydrate-when-seen.tsx).
  startDeferredHydration();
  startTransition(() => void hydrateRoot(container, <Root client={queryClient} />));
});
