import fp from 'fastify-plugin';
import helmet from 'helmet';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Mail clients send RFC 8058 one-click unsubscribes from their own servers. */
const CROSS_ORIGIN_ALLOWED = [/^\/api\/unsubscribe\//, /^\/unsubscribe\//];

/**
 * Security headers, and refusal of state-changing requests made by another site's page
 * (the session cookie is SameSite=Lax; this closes the remaining same-site and old-browser gaps).
 */
export default fp(
  /** `trustedOrigins`: the site's own origins (site-links.ts), the only ones whose pages may write. */
  async (app, opts: { trustedOrigins: string[]; extraOrigins?: string[] }) => {
    const trusted = new Set(opts.trustedOrigins);
    const extra = opts.extraOrigins ?? [];
    // Made once: the headers are the same on every answer. (@fastify/helmet built the policy again
    // for each request, a tenth of the time spent serving a cached page.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...extra],
          connectSrc: ["'self'", ...extra],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // The route-map embed is framed by our own pages only.
      frameguard: { action: 'sameorigin' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));

    // API answers are personal unless a route says otherwise (public lists may set their own caching).
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    });

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const path = request.url;
      if (!path.startsWith('/api/') || CROSS_ORIGIN_ALLOWED.some((re) => re.test(path))) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-origin request refused');
      const origin = request.headers.origin;
      if (!origin) return;
      // Compared with the configured origin, never one built from the request: Host and the
      // forwarded headers are the caller's to choose.
      if (!trusted.has(origin)) throw new HttpError(403, 'Cross-origin request refused');
    });
  },
  { name: 'security' },
);
