import type { IncomingMessage } from 'node:http';

/**
 * The URLs fixed outside this code, each mapped to the route that answers it. Every feature
 * serves its routes under its own prefix (docs/decisions/012-url-prefixes.md); the spec named its
 * URLs before the features had folders, and a payment provider keeps the webhook address it was
 * given. Those addresses keep working through this one table: buildApp's `rewriteUrl` turns each
 * into its canonical URL before routing, so both reach the same route, with the same guard, rate
 * limit, cache headers and audit. The rally app's acts keep their addresses from before they moved
 * under /api/my-rally-app the same way. A pair whose two sides are equal is a spec URL that already
 * follows its feature's prefix; it is listed so the table names every route of the spec.
 */
export type FixedRoute = {
  method: string;
  fixed: string;
  canonical: string;
  fixedBy: 'spec' | 'GoCardless webhook settings' | 'rally apps loaded before the move';
};

const spec = (method: string, fixed: string, canonical = fixed): FixedRoute => ({ method, fixed, canonical, fixedBy: 'spec' });

export const FIXED_ROUTES: readonly FixedRoute[] = [
  // Section 2: the external sign-in redirect.
  spec('GET', '/api/login', '/api/auth/login-page'),
  // Section 7: the calls it makes.
  spec('GET', '/api/auth/user'),
  spec('POST', '/api/auth/login'),
  spec('POST', '/api/auth/register'),
  spec('POST', '/api/auth/logout'),
  spec('POST', '/api/auth/forgot-password'),
  spec('POST', '/api/auth/reset-password'),
  spec('POST', '/api/email-updates'),
  spec('GET', '/api/participants'),
  spec('GET', '/api/participants/:year'),
  spec('POST', '/api/signups', '/api/signup'),
  spec('GET', '/api/signups', '/api/fundraising/teams'),
  spec('GET', '/api/public/signup/:id', '/api/fundraising/teams/:id'),
  spec('GET', '/api/leaderboard', '/api/fundraising/leaderboard'),
  spec('POST', '/api/donations', '/api/admin/registrations/donations'),
  spec('GET', '/api/my-signup', '/api/my-dashboard/team'),
  spec('PATCH', '/api/my-signup', '/api/my-dashboard/team'),
  spec('GET', '/api/my-donations', '/api/my-dashboard/donations'),
  spec('POST', '/api/my-donations', '/api/my-dashboard/donations'),
  spec('PATCH', '/api/my-donations/:id', '/api/my-dashboard/donations/:id'),
  spec('DELETE', '/api/my-donations/:id', '/api/my-dashboard/donations/:id'),
  spec('GET', '/api/admin/signups', '/api/admin/registrations'),
  spec('PATCH', '/api/admin/signups/:id', '/api/admin/registrations/:id'),
  spec('DELETE', '/api/admin/signups/:id', '/api/admin/registrations/:id'),
  spec('POST', '/api/objects/upload', '/api/uploads'),
  spec('PUT', '/api/car-images', '/api/uploads/car-images'),
  spec('POST', '/api/admin/import-historic-emails', '/api/admin/historic/import'),
  spec('GET', '/api/admin/export-emails', '/api/admin/historic/export-emails'),
  spec('POST', '/api/admin/send-bulk-email', '/api/admin/bulk-mail/send'),
  spec('POST', '/api/admin/send-login-credentials', '/api/admin/credentials/send'),
  spec('GET', '/api/admin/historic-participants', '/api/admin/historic/records'),
  spec('GET', '/api/admin/mailing-list', '/api/admin/bulk-mail/mailing-list'),
  spec('POST', '/api/admin/generate-tokens', '/api/admin/bulk-mail/generate-tokens'),
  spec('GET', '/api/unsubscribe/:token'),
  // The address the GoCardless account posts its events to (docs/features/deposits.md).
  {
    method: 'POST',
    fixed: '/api/webhooks/gocardless',
    canonical: '/api/deposits/gocardless-webhook',
    fixedBy: 'GoCardless webhook settings',
  },
  // The rally app's acts moved under /api/my-rally, then /api/my-rally-app (the feature's name on
  // both sides); an app loaded before, with acts queued on the phone, still posts them to the old
  // addresses (docs/decisions/012-url-prefixes.md).
  ...(
    [
      ['/api/my-clues/answers', '/api/my-rally-app/answers'],
      ['/api/my-clues/hints', '/api/my-rally-app/hints'],
      ['/api/my-clues/check-ins', '/api/my-rally-app/check-ins'],
      ['/api/my-tracking/positions', '/api/my-rally-app/positions'],
      ...['answers', 'hints', 'check-ins', 'positions', 'updates', 'sos', 'all-ok'].map(
        (act) => [`/api/my-rally/${act}`, `/api/my-rally-app/${act}`] as const,
      ),
    ] as const
  ).map(([fixed, canonical]): FixedRoute => ({ method: 'POST', fixed, canonical, fixedBy: 'rally apps loaded before the move' })),
];

type Rewrite = { method: string; segments: string[]; canonical: string };

const REWRITES: Rewrite[] = FIXED_ROUTES.filter((r) => r.fixed !== r.canonical).map((r) => ({
  method: r.method,
  segments: r.fixed.split('/'),
  canonical: r.canonical,
}));

/** A path segment as the router reads it (percent-decoded), or as it came when it does not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The parameters of `path` when it is the fixed URL `segments` (`:name` matches any one segment,
 * kept as it came), else null. Fixed segments are compared decoded, as the router compares them,
 * so `/api/%61dmin/signups` is the spec's URL too.
 */
function paramsOf(segments: string[], path: string): Map<string, string> | null {
  const parts = path.split('/');
  if (parts.length !== segments.length) return null;
  const params = new Map<string, string>();
  for (const [i, segment] of segments.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      if (!part) return null;
      params.set(segment, part);
    } else if (decoded(part) !== segment) return null;
  }
  return params;
}

/** The canonical URL for a request to a fixed URL (its query string kept), else the URL as it came. */
export function canonicalUrl(method: string, url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  // HEAD goes where GET goes, as Fastify routes it.
  const asMethod = method === 'HEAD' ? 'GET' : method;
  for (const { method: m, segments, canonical } of REWRITES) {
    if (m !== asMethod) continue;
    const params = paramsOf(segments, path);
    if (params) return canonical.replace(/:\w+/g, (name) => params.get(name)!) + query;
  }
  return url;
}

/** Fastify's `rewriteUrl` server option. */
export const rewriteFixedUrl = (request: IncomingMessage): string => canonicalUrl(request.method ?? 'GET', request.url ?? '/');
