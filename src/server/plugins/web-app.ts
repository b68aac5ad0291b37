import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { LRUCache } from 'lru-cache';
import { seasonPhase } from '../../common/season-phase';
import { rallyDate } from '../../common/rally-calendar-day';
import { compressBody, type Encoding } from '../services/body-compression';
import type { PageMeta, PageSettings } from '../services/page-meta';
import { COMPRESS_THRESHOLD, pickEncoding } from './compression';
import { loadServerRenderer, type ServerRenderer, type SsrPage } from './server-renderer';

/** index.html and embed.html, and their compressed forms. */
const BUILT_HTML = /^\/(index|embed)\.html(\.(br|gz))?$/;

const IMAGE_TAGS = /\s*<meta (?:property="og:image(?::[a-z]+)?"|name="twitter:[a-z]+")[^>]*>/g;

const META_TAGS = /\s*<meta (?:name="description"|property="og:title"|property="og:description"|property="og:site_name")[^>]*>/g;

/**
 * index.html with the page's <title>, description and Open Graph tags, and the rally settings as
 * a JSON data block (which the CSP allows, unlike an inline script) so the first paint needs no
 * extra request.
 */
export function withPageMeta(html: string, meta: PageMeta, settings: PageSettings): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags =
    `<title>${title}</title>\n    <meta name="description" content="${description}" />` +
    `\n    <meta property="og:site_name" content="${escapeHtml(settings.meta.siteName)}" />` +
    `\n    <meta property="og:title" content="${title}" />\n    <meta property="og:description" content="${description}" />` +
    `\n    ${jsonBlock('rally-settings', settings.body.toString('utf8'))}` +
    (meta.image ? imageTags(escapeHtml(meta.image)) : '');
  const kept = meta.image ? html.replace(IMAGE_TAGS, '') : html;
  return kept.replace(META_TAGS, '').replace(/<title>[^<]*<\/title>/, () => tags);
}

/** JSON in a data block: `<` escaped, so no value can close the element. */
const jsonBlock = (id: string, json: string) => `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;

const imageTags = (src: string) =>
  `\n    <meta property="og:image" content="${src}" />\n    <meta property="og:image:width" content="1200" />` +
  `\n    <meta property="og:image:height" content="630" />\n    <meta name="twitter:card" content="summary_large_image" />`;

type Html = { identity: Buffer; encoded: (encoding: Encoding) => Buffer };

/** Public answers up to this size are prefetched for a server-rendered page and sent with it. */
const SSR_ANSWER_MAX_BYTES = 32 * 1024;

/** The service workers, at the root of the build: the rally app's (scripts/rally-app-pwa.ts) and the followers' (scripts/follower-worker.ts). */
const SERVICE_WORKERS = new Set(['sw.js', 'follower-sw.js']);

/** The app's preloads in the built index.html (scripts/preload-app.ts). */
const APP_PRELOADS = /\s*<link rel="modulepreload"[^>]* data-app>/g;

const HERO_PRELOAD = '<link rel="preload" as="image" href="/images/hero.webp" fetchpriority="high" />';

/** HTML made here once, compressed once per encoding on first use. */
function keptHtml(identity: Buffer): Html {
  const kept = new Map<Encoding, Buffer>();
  return {
    identity,
    encoded(encoding) {
      let bytes = kept.get(encoding);
      if (!bytes) kept.set(encoding, (bytes = compressBody(identity, encoding)));
      return bytes;
    },
  };
}

/** A built HTML file with the brotli and gzip forms the build wrote beside it (else made here once). */
function builtHtml(file: string, fallback: Buffer): Html {
  const identity = existsSync(file) ? readFileSync(file) : fallback;
  const kept = new Map<Encoding, Buffer>();
  const ext = { br: 'br', gzip: 'gz' } as const;
  return {
    identity,
    encoded(encoding) {
      let bytes = kept.get(encoding);
      if (!bytes) {
        const built = `${file}.${ext[encoding]}`;
        kept.set(encoding, (bytes = existsSync(built) ? readFileSync(built) : compressBody(identity, encoding)));
      }
      return bytes;
    },
  };
}

/**
 * Serves the built React app from dist/web, with the brotli and gzip files the build wrote beside
 * each asset. Hashed assets are cached for a year; other files for an hour; the HTML is never
 * cached, so a deploy shows at once. Unknown non-API paths get the app, whose router shows
 * '404 Page Not Found'.
 */
export default fp(
  async (
    app,
    opts: {
      webDir: string;
      settings: () => Promise<PageSettings>;
      dataVersion: () => Promise<number>;
      /** The season's clock (clock.ts), and the instant it is held at (RALLY_CLOCK), if any. */
      clock: () => Date;
      fixedClock: string | null;
      /** The session cookie's name: the rally app is rendered with a signed-in visitor's own reads. */
      sessionCookie: string;
    },
  ) => {
    const indexFile = path.join(opts.webDir, 'index.html');
    const embedFile = path.join(opts.webDir, 'embed.html');
    const hasBuild = existsSync(indexFile);
    const notBuilt = Buffer.from('<!doctype html><title>Rally</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    const index = builtHtml(indexFile, notBuilt);
    const embed = builtHtml(embedFile, index.identity);

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.webDir,
        index: false,
        // One route for every file, looked up when asked for: a route per file (wildcard: false)
        // made about a thousand routes at each start. A missing file falls through to the
        // not-found handler, which gives pages the app and files a 404.
        wildcard: true,
        // The HTML goes out from here only, with the page's meta and the server rendering.
        allowedPath: (pathName) => !BUILT_HTML.test(pathName),
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite puts a content hash in every file name under assets/, so those never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
          // A service worker: the browser checks it on each visit, so a deploy reaches phones at once.
          else if (SERVICE_WORKERS.has(path.basename(filePath))) res.header('Cache-Control', 'no-cache');
          else res.header('Cache-Control', 'public, max-age=3600');
        },
      });
    }

    const indexText = index.identity.toString('utf8');
    // A server-rendered page is painted from its HTML and fetches the app after that paint
    // (main.tsx), not with it: its index.html is without the app's preloads.
    const paintedIndexText = indexText.replace(APP_PRELOADS, '');
    // Loaded with the first page asked for rather than at start-up: it holds the whole app.
    let renderer: Promise<ServerRenderer | null> | undefined;
    const loadRenderer = () => (renderer ??= hasBuild ? loadServerRenderer(opts.webDir) : Promise.resolve(null));
    // The HTML is sent from here (also by the not-found handler, which route hooks do not reach),
    // so it is compressed here: the built file's kept forms, or the page's own HTML on the fly.
    // A page drawn for one visitor (from their own reads) is kept by no shared cache.
    const sendHtml = (reply: FastifyReply, html: Html, { oneVisitor = false } = {}) => {
      reply
        .header('Cache-Control', oneVisitor ? 'private, no-cache' : 'no-cache')
        .header('Vary', oneVisitor ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      const encoding = html.identity.length >= COMPRESS_THRESHOLD ? pickEncoding(reply.request) : null;
      return encoding ? reply.header('Content-Encoding', encoding).send(html.encoded(encoding)) : reply.send(html.identity);
    };
    // A server-rendered page: its HTML in #root, the dehydrated queries it was rendered with beside
    // the settings (main.tsx hydrates the query cache with them before hydrating the page). A held
    // clock goes with every page, so the browser works out the season's phase for the same moment.
    const clockBlock = opts.fixedClock ? jsonBlock('rally-clock', JSON.stringify(opts.fixedClock)) : '';
    const assemble = (meta: PageMeta, settings: PageSettings, ssr: SsrPage | null, head = '') => {
      const extra = [head, clockBlock, ssr && jsonBlock('ssr-state', JSON.stringify(ssr.state))].filter(Boolean).join('\n    ');
      const html = withPageMeta(ssr ? paintedIndexText : indexText, meta, settings).replace('</head>', () =>
        extra ? `  ${extra}\n  </head>` : '</head>',
      );
      return ssr ? html.replace('<div id="root"></div>', () => `<div id="root" data-ssr>${ssr.html}</div>`) : html;
    };
    /** HTML made for one answer, compressed on the way out. */
    const freshHtml = (text: string): Html => {
      const identity = Buffer.from(text);
      return { identity, encoded: (encoding) => compressBody(identity, encoding, 'fast') };
    };
    // The server rendering's fetch: a GET answered in-process. Large answers (the whole historic
    // database) are left for the browser to fetch.
    const answered = async (url: string, cookie?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      return res.statusCode === 200 && res.rawPayload.length <= SSR_ANSWER_MAX_BYTES ? res : undefined;
    };
    // For pages kept for everyone: only answers sent with an ETag (compression.ts sendCachedJson),
    // the same for everyone.
    const fetchPublic = async (url: string) => {
      const res = await answered(url);
      return res?.headers.etag ? res.json() : undefined;
    };
    /** The page's server rendering, or null (rendered in the browser) when it fails. */
    const render = (request: FastifyRequest, settings: PageSettings, fetch: (url: string) => Promise<unknown>) =>
      loadRenderer()
        .then((r) => r?.renderPage(request.url, settings.value, fetch, opts.fixedClock) ?? null)
        .catch((err: unknown) => {
          request.log.warn({ err }, 'server-side rendering failed; the page is rendered in the browser');
          return null;
        });
    // Per version of the settings and of the public data, and per address: the server-rendered page
    // (null: rendered in the browser only; requests that arrive together share one render) and,
    // for a page without meta of its own, its whole HTML compressed once. Bounded, as any query
    // string makes an address.
    type Kept = { ssr: Promise<SsrPage | null>; html?: Html };
    const kept = new LRUCache<string, Kept>({ max: 500 });
    let keptFor = '';
    const keptPage = async (request: FastifyRequest, settings: PageSettings): Promise<Kept> => {
      // The season's phase (and the rally day) turns with the calendar, not with a change of data: the page says it.
      const now = opts.clock();
      const version = `${settings.etag}:${seasonPhase(settings.value, now)}:${rallyDate(now, settings.value.timeZone)}:${await opts.dataVersion()}`;
      if (keptFor !== version) {
        kept.clear();
        keptFor = version;
      }
      let page = kept.get(request.url);
      if (!page) {
        kept.set(request.url, (page = { ssr: render(request, settings, fetchPublic) }));
      }
      return page;
    };
    const keptHtmlOf = async (request: FastifyRequest, head?: string): Promise<Html> => {
      const settings = await opts.settings();
      const page = await keptPage(request, settings);
      const ssr = await page.ssr;
      return (page.html ??= keptHtml(Buffer.from(assemble(settings.meta, settings, ssr, head))));
    };
    app.decorateReply('sendApp', async function (meta?: PageMeta) {
      if (!meta) return sendHtml(this, await keptHtmlOf(this.request));
      const settings = await opts.settings();
      return sendHtml(this, freshHtml(assemble(meta, settings, await (await keptPage(this.request, settings)).ssr)));
    });
    app.get('/embeds/route-map', async (_request, reply) => sendHtml(reply, embed));
    // The home page's largest paint is its hero photo: fetched with the HTML.
    app.get('/', async (request, reply) => sendHtml(reply, await keptHtmlOf(request, hasBuild ? HERO_PRELOAD : '')));
    // The rally app for a signed-in visitor: rendered for this request from the team's own reads
    // (answered in-process with the visitor's cookie), never kept nor shared with anyone, so the team
    // sees its name and clues before the app's code has loaded. Anyone else gets the page as all do.
    app.get('/rally-app', async (request, reply) => {
      const cookie = request.headers.cookie;
      if (!hasBuild || !cookie || fastifyCookie.parse(cookie)[opts.sessionCookie] === undefined)
        return sendHtml(reply, await keptHtmlOf(request));
      const settings = await opts.settings();
      const ssr = await render(request, settings, async (url) => (await answered(url, cookie))?.json());
      return sendHtml(reply, freshHtml(assemble(settings.meta, settings, ssr)), { oneVisitor: true });
    });
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyReply {
    /** The web app's HTML, with this page's title and share preview when given. */
    sendApp(meta?: PageMeta): Promise<FastifyReply>;
  }
}
