import { Agent as HttpsAgent } from 'node:https';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { GoCardlessClient } from 'gocardless-nodejs';
import type { Config } from '../../config';

export type GoCardlessConfig = Pick<Config, 'GOCARDLESS_ACCESS_TOKEN' | 'GOCARDLESS_ENVIRONMENT' | 'GOCARDLESS_BASE_URL'>;

/** True when "Pay Deposit Now" goes through GoCardless on this site. */
export const goCardlessEnabled = (config: Pick<Config, 'GOCARDLESS_ACCESS_TOKEN'>) => Boolean(config.GOCARDLESS_ACCESS_TOKEN);

/**
 * An agent that opens each connection to `base` (plain TCP for http:, TLS for https:) instead of
 * GoCardless's own host. The client has no option for its API address, but its public `proxy`
 * option takes the agents its requests go through; every request then reaches `base` with the same
 * path, headers, idempotency keys and error handling.
 */
function agentTo(base: URL): HttpsAgent {
  const host = base.hostname.replace(/^\[|\]$/g, ''); // an IPv6 address without its brackets
  const port = Number(base.port) || (base.protocol === 'https:' ? 443 : 80);
  const agent = new HttpsAgent();
  agent.createConnection = () => (base.protocol === 'https:' ? tlsConnect({ host, port, servername: host }) : tcpConnect({ host, port }));
  return agent;
}

/**
 * The official client for the configured environment, or for GOCARDLESS_BASE_URL when it is set
 * (tests' local stand-in). The package is loaded with the first payment rather than at every start.
 */
export async function goCardlessClient(config: GoCardlessConfig): Promise<GoCardlessClient> {
  const token = config.GOCARDLESS_ACCESS_TOKEN;
  if (!token) throw new Error('GoCardless is not configured');
  const { gocardless, Environments } = await import('gocardless-nodejs');
  const environment = config.GOCARDLESS_ENVIRONMENT === 'live' ? Environments.Live : Environments.Sandbox;
  const base = config.GOCARDLESS_BASE_URL;
  return gocardless(token, environment, base ? { proxy: { https: agentTo(new URL(base)) } } : {});
}
