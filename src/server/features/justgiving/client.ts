import { z } from 'zod';

/** How long one page read may take before the team is marked as failed for this round. */
export const JUSTGIVING_TIMEOUT_MS = 10_000;

/**
 * JustGiving sends money as decimal strings in pounds ("150.00"), sometimes as numbers; null or
 * empty when there is none. Read to integer pence without floating-point drift.
 */
const pounds = z
  .union([
    z.number().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^(\d+(\.\d*)?)?$/),
    z.null(),
  ])
  .optional()
  .transform((v) => {
    if (v === undefined || v === null || v === '') return null;
    const [whole = '0', fraction = ''] = String(v).split('.');
    const pence = Number(whole) * 100 + Math.round(Number(`0.${fraction || '0'}`) * 100);
    return Number.isSafeInteger(pence) ? pence : null;
  });

/**
 * The fields of "Get fundraising page details" (GET /{appId}/v1/fundraising/pages/{pageShortName})
 * the sync uses; the rest of the answer is ignored.
 */
const pageDetailsSchema = z.object({
  pageShortName: z.string().optional(),
  /** The page's headline and its owner's name: what an organiser checks before the total counts. */
  title: z.string().nullish(),
  owner: z.string().nullish(),
  currencyCode: z.string().nullish(),
  fundraisingTarget: pounds,
  totalRaisedOnline: pounds,
  totalRaisedOffline: pounds,
  totalEstimatedGiftAid: pounds,
  grandTotalRaisedExcludingGiftAid: pounds,
});

/** A page's money in pence. `total` is what donors gave (online and offline), without Gift Aid. */
export type PageTotals = { online: number; offline: number; giftAid: number; total: number; target: number | null };

/** Who the page says it is, as JustGiving shows it (null when the answer leaves it out). */
export type PageIdentity = { title: string | null; owner: string | null };

export type PageRead = { kind: 'ok'; totals: PageTotals; identity: PageIdentity } | { kind: 'failed'; message: string };

const text = (v: string | null | undefined) => v?.trim() || null;

/** The address of one page's details; the short name is encoded though pageShortName() allows no specials. */
export function pageDetailsUrl(apiUrl: string, appId: string, shortName: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(appId)}/v1/fundraising/pages/${encodeURIComponent(shortName)}`;
}

/**
 * Reads one page with the platform's fetch (JustGiving publishes no maintained Node client for this
 * API). Every failure comes back as a message for organisers; nothing here throws.
 */
export async function readJustGivingPage(opts: {
  apiUrl: string;
  appId: string;
  shortName: string;
  timeoutMs?: number;
}): Promise<PageRead> {
  let res: Response;
  try {
    res = await fetch(pageDetailsUrl(opts.apiUrl, opts.appId, opts.shortName), {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs ?? JUSTGIVING_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { kind: 'failed', message: timedOut ? 'JustGiving did not answer in time' : 'JustGiving could not be reached' };
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return { kind: 'failed', message: 'The JustGiving page was not found (404): check the address the team gave' };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { kind: 'failed', message: `JustGiving answered with an error (${res.status})` };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { kind: 'failed', message: "JustGiving's answer was not JSON" };
  }
  const parsed = pageDetailsSchema.safeParse(body);
  if (!parsed.success) return { kind: 'failed', message: "JustGiving's answer did not have the expected totals" };
  const page = parsed.data;
  if (page.currencyCode && page.currencyCode.toUpperCase() !== 'GBP') {
    return { kind: 'failed', message: `The page collects in ${page.currencyCode.toUpperCase()}; only pounds are counted` };
  }
  const online = page.totalRaisedOnline ?? 0;
  const offline = page.totalRaisedOffline ?? 0;
  return {
    kind: 'ok',
    totals: {
      online,
      offline,
      giftAid: page.totalEstimatedGiftAid ?? 0,
      total: page.grandTotalRaisedExcludingGiftAid ?? online + offline,
      target: page.fundraisingTarget,
    },
    identity: { title: text(page.title), owner: text(page.owner) },
  };
}
