import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Push endpoints reach push services only. A phone's subscription names any https address, and
 * the site connects there when an organiser sends a message: an address on the site's own machine
 * or network (127.0.0.1, 10.x, 169.254.169.254, a name resolving to one) would make the site call
 * inside its own network for whoever subscribed. Only globally routable unicast addresses pass.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 one it carries.
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * Which resolved addresses a push may go to. Tests of a local push service (features/control-room/web-push.test.ts, features/followers/follower-push.test.ts)
 * widen it to their own 127.0.0.1; nothing else changes it.
 */
export const pushAddressRule = { allowed: isPublicAddress };

/** Why an endpoint's host may not be pushed to, or null when every address it resolves to is public. */
export async function refusedPushHost(endpoint: string): Promise<string | null> {
  let host: string;
  try {
    // URL keeps an IPv6 literal in brackets.
    host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return 'endpoint is not an address';
  }
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return 'endpoint’s host does not resolve';
  }
  if (!addresses.length) return 'endpoint’s host does not resolve';
  return addresses.every((a) => pushAddressRule.allowed(a))
    ? null
    : 'endpoint must be a public push service, not a private or local address';
}
