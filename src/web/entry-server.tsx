// The server's view of the app (built by `vite build --ssr`, loaded by plugins/web-app.ts): it
// draws a public page's first view, the same markup the browser's first render makes (settings and
// public answers in place, other queries still loading), so the page paints before its script runs.
import './lib/zod-without-eval';
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { RallySettings } from '@common/schemas/rally-settings';
import { Root } from './root';
import { routeFor } from './routes';
import type { QueryClient } from '@tanstack/react-query';
import { newQueryClient, seedQueries, type PageData } from './lib/query-client';
import { replaceRallySettings } from './lib/rally-settings';
import { setSeasonClock } from './lib/season-clock';

/** A public answer (the same for everyone) for a query's address, or undefined: not drawn with it. */
export type PublicAnswer = (url: string) => Promise<unknown>;

export type DrawnPage = { markup: string; data: PageData };

function draw(pathname: string, search: string, client: QueryClient): Promise<string> {
  // Waits for the page's code (a lazy chunk); queries are not run on the server. A part that fails
  // here would be drawn again by the browser with an error in its console, so the whole page is
  // left to the browser instead.
  const errors: unknown[] = [];
  return prerenderToNodeStream(
    <Router ssrPath={pathname} ssrSearch={search}>
      <Root client={client} />
    </Router>,
    { onError: (error) => void errors.push(error) },
  ).then(async ({ prelude }) => {
    const markup = await text(prelude);
    if (errors.length) throw errors[0];
    return markup;
  });
}

/**
 * The markup inside #root for this address and the public answers it was drawn with, or null for
 * a page the browser draws alone. A first drawing finds the page's queries; the public answers
 * among them are put in place for the second.
 */
export async function renderPage(
  url: string,
  settings: RallySettings,
  publicAnswer: PublicAnswer,
  fixedClock: string | null = null,
): Promise<DrawnPage | null> {
  const [pathname = '/', search = ''] = url.split('?');
  if (!routeFor(pathname)?.drawnByServer) return null;
  replaceRallySettings(settings);
  // The season's phase as the server sees it (the page tells the browser the same instant).
  setSeasonClock(fixedClock);
  const found = newQueryClient();
  await draw(pathname, search, found);
  const data: PageData = {};
  for (const { queryKey } of found.getQueryCache().getAll()) {
    const [address, ...rest] = queryKey;
    if (rest.length || typeof address !== 'string' || !address.startsWith('/api/')) continue;
    const answer = await publicAnswer(address);
    if (answer !== undefined) data[address] = answer;
  }
  const client = newQueryClient();
  seedQueries(client, data);
  return { markup: await draw(pathname, search, client), data };
}
