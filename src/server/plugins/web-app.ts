import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { COMPRESS_THRESHOLD, compressBody, pickEncoding, type Encoding } from './compression';
import { NO_SESSION, withoutSession } from './session';

/** A page's own title and share preview, put into the HTML so link previews show the right text. */
export type PageMeta = { title: string; description: string; /** Absolute URL of a 1200x630 PNG. */ image?: string };

/** The rally settings, ready as JSON (services/rally-settings.ts), and the page meta they give every other page. */
export type PageSettings = { etag: string; body: Buffer; meta: PageMeta & { siteName: string } };

const IMAGE_TAGS = /\s*<meta (?:property="og:image(?::[a-z]+)?"|name="twitter:[a-z]+")[^>]*>/g;

const META_TAGS = /\s*<meta (?:name="description"|property="og:title"|property="og:description"|property="og:site_name")[^>]*>/g;

/**
 * index.html with the page's <title>, description and Open Graph tags, and the rally settings as
 * a JSON data block (which the CSP allows, unlike an inline script) so the first paint needs no
 * extra request. `<` is escaped so no setting can close the element.
 */
export function withPageMeta(html: string, meta: PageMeta, settings: PageSettings): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags =
    `<title>${title}</title>\n    <meta name="description" content="${description}" />` +
    `\n    <meta property="og:site_name" content="${escapeHtml(settings.meta.siteName)}" />` +
    `\n    <meta property="og:title" content="${title}" />\n    <meta property="og:description" content="${description}" />` +
    `\n    <script type="application/json" id="rally-settings">${settings.body.toString('utf8').replace(/</g, '\\u003c')}</script>` +
    (meta.image ? imageTags(escapeHtml(meta.image)) : '');
  const kept = meta.image ? html.replace(IMAGE_TAGS, '') : html;
  return kept.replace(META_TAGS, '').replace(/<title>[^<]*<\/title>/, () => tags);
}

const imageTags = (src: string) =>
  `\n    <meta property="og:image" content="${src}" />\n    <meta property="og:image:width" content="1200" />` +
  `\n    <meta property="og:image:height" content="630" />\n    <meta name="twitter:card" content="summary_large_image" />`;

type Html = { identity: Buffer; encoded: (encoding: Encoding) => Buffer };

/** The home page's largest paint is its hero photo: the browser fetches it with the HTML. */
const HERO_PRELOAD = '<link rel="preload" as="image" href="/images/hero.webp" fetchpriority="high" />';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * modulepreload links for a page's code and every chunk it imports (from the build's manifest),
 * so the browser fetches them with the HTML rather than after the app's own script has run.
 * Chunks the HTML already loads are left out; no manifest (no build) gives none.
 */
export function pagePreloads(webDir: string, page: string, html: string): string {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  return [...files]
    .filter((f) => f.endsWith('.js') && !html.includes(`/${f}"`))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
    .join('\n    ');
}

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
  async (app, opts: { webDir: string; settings: () => Promise<PageSettings> }) => {
    const indexFile = path.join(opts.webDir, 'index.html');
    const embedFile = path.join(opts.webDir, 'embed.html');
    const hasBuild = existsSync(indexFile);
    const notBuilt = Buffer.from('<!doctype html><title>Rally</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    const index = builtHtml(indexFile, notBuilt);
    const embed = builtHtml(embedFile, index.identity);

    if (hasBuild) {
      // The files are the same for everyone, so their requests skip the session.
      await app.register(
        withoutSession((files) =>
          files.register(fastifyStatic, {
            root: opts.webDir,
            index: false,
            wildcard: false,
            globIgnore: ['index.html', 'embed.html', 'index.html.*', 'embed.html.*'],
            preCompressed: true,
            setHeaders(res, filePath) {
              // Vite puts a content hash in every file name under assets/, so those never change.
              if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
              else res.header('Cache-Control', 'public, max-age=3600');
            },
          }),
        ),
      );
    }

    const indexText = index.identity.toString('utf8');
    const homePreloads = pagePreloads(opts.webDir, 'pages/home-page.tsx', indexText);
    // The HTML is sent from here (also by the not-found handler, which route hooks do not reach),
    // so it is compressed here: the built file's kept forms, or the page's own HTML on the fly.
    const sendHtml = (reply: FastifyReply, html: Html) => {
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      const encoding = html.identity.length >= COMPRESS_THRESHOLD ? pickEncoding(reply.request) : null;
      return encoding ? reply.header('Content-Encoding', encoding).send(html.encoded(encoding)) : reply.send(html.identity);
    };
    // The pages without meta of their own are made once per version of the settings.
    let kept: { etag: string; page: Html; home: Html } | null = null;
    const keptPages = async () => {
      const settings = await opts.settings();
      if (kept?.etag !== settings.etag) {
        const page = withPageMeta(indexText, settings.meta, settings);
        kept = {
          etag: settings.etag,
          page: keptHtml(Buffer.from(page)),
          home: keptHtml(Buffer.from(page.replace('</head>', `  ${HERO_PRELOAD}\n    ${homePreloads}\n  </head>`))),
        };
      }
      return kept;
    };
    app.decorateReply('sendApp', async function (meta?: PageMeta) {
      if (!meta) return sendHtml(this, (await keptPages()).page);
      const identity = Buffer.from(withPageMeta(indexText, meta, await opts.settings()));
      return sendHtml(this, { identity, encoded: (encoding) => compressBody(identity, encoding, 'fast') });
    });
    app.get('/embeds/route-map', { config: NO_SESSION }, async (_request, reply) => sendHtml(reply, embed));
    app.get('/', { config: NO_SESSION }, async (_request, reply) => {
      const pages = await keptPages();
      return sendHtml(reply, hasBuild ? pages.home : pages.page);
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
