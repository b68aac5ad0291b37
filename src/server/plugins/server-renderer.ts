import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RallySettings } from '../../common/schemas/rally-settings';

/** Where the build puts the server's renderer of a web build (src/web/entry-server.tsx): beside it. */
export const rendererDirFor = (webDir: string) => `${path.resolve(webDir)}-ssr`;

/** The built renderer's file for a web build. */
export const rendererFileFor = (webDir: string) => path.join(rendererDirFor(webDir), 'entry-server.js');

/** A page the server drew: the markup inside #root and the public answers (by address) it was drawn with. */
export type DrawnPage = { markup: string; data: Record<string, unknown> };

/** src/web/entry-server.tsx, as built. */
export type ServerRenderer = {
  /**
   * The page at this address as the browser's first render draws it, or null for a page the
   * browser draws alone. `publicAnswer` gives the answer the same for everyone at an API address
   * (undefined for any other). `fixedClock` is the instant the season's clock is held at
   * (RALLY_CLOCK), or null for real time.
   */
  renderPage(
    url: string,
    settings: RallySettings,
    publicAnswer: (url: string) => Promise<unknown>,
    fixedClock: string | null,
  ): Promise<DrawnPage | null>;
};

/** The renderer built with this web build, or null (not built: the browser draws every page). */
export async function loadServerRenderer(webDir: string): Promise<ServerRenderer | null> {
  const file = rendererFileFor(webDir);
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRenderer;
}
