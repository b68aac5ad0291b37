import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RallySettings } from '../../common/schemas/rally-settings';

/** Where the build puts the server-side renderer of a web build (src/web/entry-server.tsx): beside it. */
export const rendererDirFor = (webDir: string) => `${path.resolve(webDir)}-ssr`;

/** The built renderer's file for a web build. */
export const rendererFileFor = (webDir: string) => path.join(rendererDirFor(webDir), 'entry-server.js');

/** A server-rendered page: the HTML inside #root and the dehydrated query cache it was rendered with. */
export type SsrPage = { html: string; state: unknown };

/** src/web/entry-server.tsx, as built. */
export type ServerRenderer = {
  /**
   * The page at this address as the browser's first render makes it, or null for a page rendered
   * in the browser only. `fetchPublic` answers a GET of an API address in-process when its answer
   * is the same for everyone (undefined for any other). `fixedClock` is the instant the season's
   * clock is held at (RALLY_CLOCK), or null for real time.
   */
  renderPage(
    url: string,
    settings: RallySettings,
    fetchPublic: (url: string) => Promise<unknown>,
    fixedClock: string | null,
  ): Promise<SsrPage | null>;
};

/** The renderer built with this web build, or null (not built: every page is rendered in the browser). */
export async function loadServerRenderer(webDir: string): Promise<ServerRenderer | null> {
  const file = rendererFileFor(webDir);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}
