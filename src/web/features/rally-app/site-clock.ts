/**
 * The phone's clock corrected by the site's: every act carries the instant it was made by the
 * site's clock, so a phone whose clock is wrong by a few minutes (or hours) never has its acts
 * refused or dated wrongly. The offset is measured from the `Date` header of the site's answers and
 * the latest one kept in localStorage, so an act made without signal after a reload is corrected too.
 * Only answers that come from the site itself count: the acts' posts and `syncSiteClock`, never the
 * reads the service worker may answer with a copy kept hours ago (its Date is as old as the copy).
 */
const KEY = 'rally-app-clock-offset-ms';

/** The `Date` header counts whole seconds: a smaller difference is noise, not a wrong clock. */
const NOISE_MS = 2_000;

let offsetMs: number | null = null;

function storedOffset(): number {
  if (offsetMs !== null) return offsetMs;
  try {
    const kept = Number(localStorage.getItem(KEY));
    offsetMs = Number.isFinite(kept) ? kept : 0;
  } catch {
    offsetMs = 0;
  }
  return offsetMs;
}

/**
 * Notes the site's clock from an answer's `Date` header, read between `sentAt` and `receivedAt`
 * (the phone's ms): the site's second is taken as the middle of the request.
 */
export function noteSiteDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const site = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(site)) return;
  const measured = site + 500 - (sentAt + receivedAt) / 2;
  offsetMs = Math.abs(measured) < NOISE_MS ? 0 : Math.round(measured);
  try {
    localStorage.setItem(KEY, String(offsetMs));
  } catch {
    // Private browsing without storage: the offset still holds while the page is open.
  }
}

/** Now by the site's clock, as far as the phone knows it. */
export const siteNow = (): Date => new Date(Date.now() + storedOffset());

/** Forgets the offset read in this page (tests; the kept one is read again). */
export function forgetClockOffset(): void {
  offsetMs = null;
}

/** A fetch that notes the site's clock from the answer (the rally app's reads and acts). */
export async function fetchNotingClock(url: string, init?: RequestInit): Promise<Response> {
  const sentAt = Date.now();
  const res = await fetch(url, init);
  noteSiteDate(res.headers.get('Date'), sentAt, Date.now());
  return res;
}

/** Reads the site's clock now (the health check, which the service worker never keeps); without signal the kept offset holds. */
export async function syncSiteClock(): Promise<void> {
  try {
    await fetchNotingClock('/health', { cache: 'no-store' });
  } catch {
    // No signal: the offset measured last holds.
  }
}
