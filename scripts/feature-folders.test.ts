import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A feature has one name on both sides: src/server/features/x serves what src/web/features/x
 * shows (docs/decisions/009-feature-folders.md). A folder on one side only is listed here with
 * the reason; any other difference fails, so a new feature or a rename keeps the names in step.
 */
const SERVER_ONLY: Record<string, string> = {
  consent: 'the consent link is answered by a page of its own (src/web/pages/consent-page.tsx), no web parts',
  'email-updates': "the sign-up for e-mail updates is part of the public site's hero and call to action (web public-site)",
  health: 'the health check is for the host and the monitoring, not for a screen',
  'live-events': 'the event stream only; the web side listens through src/web/lib/live-events.ts',
  metrics: 'the metrics are for the monitoring, not for a screen',
  unsubscribe: 'the unsubscribe link is answered by a page of its own (src/web/pages/unsubscribe-page.tsx), no web parts',
  uploads:
    "the upload tickets; the web side's upload helpers are shared by every feature that takes a photo (src/web/lib, src/web/components)",
};

const WEB_ONLY: Record<string, string> = {
  'public-site': "the public pages' common parts (hero, carousels, headers), reading what several server features serve",
};

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The folders on one side and not the other that are not listed with a reason. */
export function unexplained(server: string[], web: string[]) {
  return {
    serverOnly: server.filter((name) => !web.includes(name) && !(name in SERVER_ONLY)),
    webOnly: web.filter((name) => !server.includes(name) && !(name in WEB_ONLY)),
    // A reason for a difference that is no longer there is a stale one.
    staleReasons: [...Object.keys(SERVER_ONLY), ...Object.keys(WEB_ONLY)].filter((name) => server.includes(name) && web.includes(name)),
  };
}

describe('feature folders', () => {
  it('are named the same on the server and the web, but for the listed differences', () => {
    expect(unexplained(folders('src/server/features'), folders('src/web/features'))).toEqual({
      serverOnly: [],
      webOnly: [],
      staleReasons: [],
    });
  });

  it('fail on a folder on one side only (a check that finds nothing anywhere proves nothing)', () => {
    expect(unexplained(['auth', 'scores'], ['auth', 'score'])).toEqual({ serverOnly: ['scores'], webOnly: ['score'], staleReasons: [] });
    expect(unexplained(['metrics'], ['metrics'])).toEqual({ serverOnly: [], webOnly: [], staleReasons: ['metrics'] });
  });
});
