// Server-side rendering (built by `vite build --ssr`, loaded by plugins/web-app.ts): a public
// page's first view, rendered once from the queries its route prefetches, and the query cache
// dehydrated for the browser, whose hydration (main.tsx) starts from the same data, so the page
// paints before its script runs and React hydrates it without a mismatch.
import './lib/zod-without-eval';
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router, matchRoute } from 'wouter';
import { parse } from 'regexparam';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { RallySettings } from '@common/schemas/rally-settings';
import { Root } from './root';
import { routeFor } from './routes';
import { newQueryClient } from './lib/query-client';
import { settingsKey } from './lib/rally-settings';
import { setSeasonClock } from './lib/season-clock';
import { ssrQueries, ssrQueriesOfEveryPage } from './ssr-queries';

/**
 * A public API address answered in-process (no HTTP): its data when the answer is the same for
 * everyone, else undefined (the page shows that query loading and the browser fetches it).
 */
export type FetchPublic = (url: string) => Promise<unknown>;

export type SsrPage = { html: string; state: DehydratedState };

/**
 * The HTML inside #root for this address and the dehydrated queries it was rendered with, or
 * null for a page rendered in the browser only.
 */
export async function renderPage(
  url: string,
  settings: RallySettings,
  fetchPublic: FetchPublic,
  fixedClock: string | null = null,
): Promise<SsrPage | null> {
  const [pathname = '/', search = ''] = url.split('?');
  const route = routeFor(pathname);
  // An address without a page gets the not-found page (the server answers it 404), drawn here too.
  const queriesOf = route ? ssrQueries[route.path] : () => [];
  if (!queriesOf) return null;
  // The season's phase as the server sees it (the page tells the browser the same instant).
  setSeasonClock(fixedClock);

  const client = newQueryClient(async (address) => {
    const data = await fetchPublic(address);
    if (data === undefined) throw new Error(`${address} is not public`);
    return data;
  });
  client.setQueryData(settingsKey, settings);
  const params = (route && matchRoute(parse, route.path, pathname)[1]) || {};
  await Promise.all([...ssrQueriesOfEveryPage, ...queriesOf(params)].map((queryKey) => client.prefetchQuery({ queryKey })));
  // A query the server could not fetch is rendered loading, as the browser will first render it.
  client.removeQueries({ predicate: (query) => query.state.status !== 'success' });
  const html = await render(pathname, search, client);
  // The settings go with every page already (#rally-settings, read by main.tsx).
  return {
    html,
    state: dehydrate(client, { shouldDehydrateQuery: (query) => query.queryKey[0] !== settingsKey[0] && query.state.status === 'success' }),
  };
}

function render(pathname: string, search: string, client: QueryClient): Promise<string> {
  // Waits for the page's code (a lazy chunk); queries are not fetched while rendering. A part that
  // fails here would be rendered again by the browser with an error in its console, so the whole
  // page is left to the browser instead.
  const errors: unknown[] = [];
  return prerenderToNodeStream(
    <Router ssrPath={pathname} ssrSearch={search}>
      <Root client={client} />
    </Router>,
    {
      onError: (error) => void errors.push(error),
      // Every Suspense boundary in line with the page (React would send a large one apart, to be
      // put in place by an inline script, which the site's Content-Security-Policy forbids).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  ).then(async ({ prelude }) => {
    const html = await text(prelude);
    if (errors.length) throw errors[0];
    return html;
  });
}
