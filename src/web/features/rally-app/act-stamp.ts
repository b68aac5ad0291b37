import { siteNow } from './site-clock';

/**
 * The id and the time of an act, made on the phone at the moment of the act: the time by the
 * site's clock (site-clock.ts), so a phone whose clock is wrong still dates its acts right.
 */
export const actStamp = () => ({ clientId: crypto.randomUUID(), madeAt: siteNow().toISOString() });
