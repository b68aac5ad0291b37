import { isIP } from 'node:net';

/** proxy-addr's named ranges, which Fastify accepts in its trustProxy list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What Fastify's `trustProxy` gets: false, a hop count, or the proxies' addresses. Never `true`. */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address!); // split always gives at least one part
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: a hop count (`1` = one load balancer in front) or a comma-separated list of
 * proxy addresses and CIDR ranges. "Trust everything" is refused: any client could then pick the
 * address that rate limits count by sending its own X-Forwarded-For.
 * Returns an error message instead of a value when the setting is not one of these forms.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops > 20 ? { error: 'a hop count must be 20 or fewer' } : hops === 0 ? false : hops;
  }
  if (value === 'true')
    return { error: 'must be a hop count or a list of proxy addresses, never "true" (that trusts a forged X-Forwarded-For)' };
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length || !entries.length) return { error: `not an IP address or CIDR range: ${bad.join(', ') || value}` };
  return entries;
}

/**
 * The value for Fastify's `trustProxy` option. A hop count becomes proxy-addr's own hop rule
 * (the address at hop i is trusted while i < hops), since Fastify's types take no number.
 */
export function fastifyTrustProxy(setting: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting ?? false;
}
