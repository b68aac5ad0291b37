import type { Config } from './config';

/**
 * The moment the season's phase, registration's opening and closing, and the countdown are worked
 * out for: now, or the instant RALLY_CLOCK names (tests and demos; config.ts refuses it in
 * production). Stored timestamps, sessions, tokens and rate limits keep real time.
 */
export function seasonNow(config: Pick<Config, 'RALLY_CLOCK'>): Date {
  return config.RALLY_CLOCK ? new Date(config.RALLY_CLOCK) : new Date();
}
