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
