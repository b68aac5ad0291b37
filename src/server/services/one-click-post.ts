import type { FastifyInstance } from 'fastify';

/**
 * RFC 8058: a mail client's one-click unsubscribe posts "List-Unsubscribe=One-Click" as a form, and
 * any body is accepted. Added inside the plugin that holds the one-click routes, so it applies to
 * those routes only.
 */
export function acceptOneClickPosts(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, body),
  );
}
