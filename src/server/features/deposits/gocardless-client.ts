import { gocardless, Environments, type GoCardlessClient } from 'gocardless-nodejs';
import type { Config } from '../../config';

export type GoCardlessConfig = Pick<Config, 'GOCARDLESS_ACCESS_TOKEN' | 'GOCARDLESS_ENVIRONMENT' | 'GOCARDLESS_BASE_URL'>;

/** True when "Pay Deposit Now" goes through GoCardless on this site. */
export const goCardlessEnabled = (config: Pick<Config, 'GOCARDLESS_ACCESS_TOKEN'>) => Boolean(config.GOCARDLESS_ACCESS_TOKEN);

/**
 * The official client for the configured environment. The client has no option for another API
 * address (it picks api.gocardless.com or api-sandbox.gocardless.com from the environment and keeps
 * it in its request layer's `_baseUrl`), so GOCARDLESS_BASE_URL replaces that one field: every
 * request it makes is then sent there, with the same headers, idempotency keys and error handling.
 */
export function goCardlessClient(config: GoCardlessConfig): GoCardlessClient {
  const token = config.GOCARDLESS_ACCESS_TOKEN;
  if (!token) throw new Error('GoCardless is not configured');
  const client = gocardless(token, config.GOCARDLESS_ENVIRONMENT === 'live' ? Environments.Live : Environments.Sandbox);
  if (config.GOCARDLESS_BASE_URL) {
    const api = (client as unknown as { _api: { _baseUrl: string } })._api;
    if (typeof api?._baseUrl !== 'string') throw new Error('gocardless-nodejs no longer keeps its API address in _api._baseUrl');
    api._baseUrl = config.GOCARDLESS_BASE_URL.replace(/\/+$/, '');
  }
  return client;
}
