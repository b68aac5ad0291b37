import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { justGivingPages, signups, type JustGivingPage } from '../../db/schema';
import type { JustGivingPageStatus, JustGivingSyncStatus } from '../../../common/schemas/justgiving';
import { currentRallyYear } from '../../services/rally-settings';

/** One page's row as organisers see it. */
export function pageStatus(page: JustGivingPage, teamName: string): JustGivingPageStatus {
  return {
    signupId: page.signupId,
    teamName,
    pageShortName: page.pageShortName,
    total: page.total,
    raisedOnline: page.raisedOnline,
    raisedOffline: page.raisedOffline,
    giftAid: page.giftAid,
    target: page.target,
    title: page.title,
    owner: page.owner,
    confirmedAt: page.confirmedAt?.toISOString() ?? null,
    lastAttemptAt: page.lastAttemptAt.toISOString(),
    lastSuccessAt: page.lastSuccessAt?.toISOString() ?? null,
    error: page.error,
  };
}

/** What the sync last read of each of this season's pages, failures first, for the organisers' donations page. */
export async function syncStatus(db: Db, configured: boolean): Promise<JustGivingSyncStatus> {
  const rows = await db
    .select({ page: justGivingPages, teamName: signups.teamName })
    .from(justGivingPages)
    .innerJoin(signups, eq(signups.id, justGivingPages.signupId))
    .where(eq(signups.rallyYear, currentRallyYear))
    .orderBy(desc(sql`${justGivingPages.error} is not null`), asc(signups.teamName), asc(signups.id));
  const pages = rows.map(({ page, teamName }) => pageStatus(page, teamName));
  const last = pages.reduce<string | null>((latest, p) => (!latest || p.lastAttemptAt > latest ? p.lastAttemptAt : latest), null);
  return { configured, lastSyncAt: last, pages };
}
