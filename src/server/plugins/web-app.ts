import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';

/** A page's own title and share preview, put into the HTML so link previews show the right text. */
export type PageMeta = { title: string; description: string };

const META_TAGS = /\s*<meta (?:name="description"|property="og:title"|property="og:description")[^>]*>/g;

/** index.html with the page's <title>, description and Open Graph title/description. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags =
    `<title>${title}</title>\n    <meta name="description" content="${description}" />` +
    `\n    <meta property="og:title" content="${title}" />\n    <meta property="og:description" content="${description}" />`;
  return html.replace(META_TAGS, '').replace(/<title>[^<]*<\/title>/, () => tags);
}

/**
 * Serves the built React app from dist/web. Hashed assets are cached for a year; index.html is
 * never cached, so a deploy shows at once. Unknown non-API paths get the app, whose router shows
 * '404 Page Not Found'.
 */
export default fp(
  async (app, opts: { webDir: string }) => {
    const indexFile = path.join(opts.webDir, 'index.html');
    const embedFile = path.join(opts.webDir, 'embed.html');
    const hasBuild = existsSync(indexFile);
    const indexHtml = hasBuild ? readFileSync(indexFile) : Buffer.from('<!doctype html><title>Rally</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
    const embedHtml = existsSync(embedFile) ? readFileSync(embedFile) : indexHtml;

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.webDir,
        index: false,
        wildcard: false,
        globIgnore: ['index.html', 'embed.html'],
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
          else res.header('Cache-Control', 'public, max-age=3600');
        },
      });
    }

    const indexText = indexHtml.toString('utf8');
    app.decorateReply('sendApp', function (meta?: PageMeta) {
      return this.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(meta ? withPageMeta(indexText, meta) : indexHtml);
    });
    app.get('/embeds/route-map', async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(embedHtml),
    );
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyReply {
    /** The web app's HTML, with this page's title and share preview when given. */
    sendApp(meta?: PageMeta): FastifyReply;
  }
}
