import type { Config } from '../config';

type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT'>;

/**
 * The site's public origin for links in e-mails: PUBLIC_URL (required in production, see config.ts),
 * or http://localhost:PORT in development. Never the request's Host header, which a caller chooses.
 */
export function siteOrigin(config: LinkConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** An absolute link to a page of the site, e.g. siteLink(config, '/reset-password', { token }). */
export function siteLink(config: LinkConfig, pagePath: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${siteOrigin(config)}/${pagePath.replace(/^\/+/, '')}${search}`;
}

/** The Vite dev server's port (vite.config.ts), whose proxy passes the browser's Origin through. */
const VITE_DEV_PORT = 5173;

/**
 * The origins whose pages may send the API state-changing requests (plugins/security.ts): the
 * origin of PUBLIC_URL alone. Without PUBLIC_URL (development only; production requires it) the
 * loopback names of this server and of the Vite dev server. Never derived from the request.
 */
export function trustedOrigins(config: LinkConfig): string[] {
  if (config.PUBLIC_URL) return [new URL(config.PUBLIC_URL).origin];
  return [config.PORT, VITE_DEV_PORT].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]);
}
