import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { donations, justGivingPages, signups } from '../../db/schema';
import { currentRallyYear } from '../../services/rally-settings';
import { readJustGivingPage, type PageRead } from './client';
import { pageShortName } from './page-short-name';

/** Pages read at once: polite to JustGiving, and a slow answer holds up only its own team. */
const CONCURRENCY = 4;

export type SyncSettings = { apiUrl: string; appId: string };
export type SyncOutcome = { teams: number; failed: number };

/** What organisers read when saving a page's read failed on our side (the details go to the log). */
export const SAVE_FAILED = 'The page was read but could not be saved; it will be tried again at the next sync';

/**
 * Reads every JustGiving page of this year's teams and, for a page an organiser has confirmed as the
 * team's, keeps one `justgiving` ledger line at the page's total, changed in place. An unconfirmed
 * page's total is kept for organisers only. A failed read keeps the last known line (a page that
 * disappears is for an organiser to judge) and records why; a team that removed its address loses
 * its line (an erased team keeps its confirmed one). Each team's failure stays that team's: the
 * others are read and saved all the same.
 * Safe to run twice at once: the line is unique per team.
 */
export async function syncJustGiving(db: Db, settings: SyncSettings, log?: FastifyBaseLogger): Promise<SyncOutcome> {
  const teams = await db
    .select({ id: signups.id, url: signups.justGivingUrl })
    .from(signups)
    .where(and(eq(signups.rallyYear, currentRallyYear), ne(signups.status, 'withdrawn')));
  const withPage = teams.filter((t) => t.url?.trim());
  await forgetTeamsWithoutPage(
    db,
    teams.filter((t) => !t.url?.trim()).map((t) => t.id),
  );

  let failed = 0;
  const queue = [...withPage];
  const worker = async () => {
    for (let team = queue.shift(); team; team = queue.shift()) {
      const shortName = pageShortName(team.url);
      const read: PageRead = shortName
        ? await readJustGivingPage({ ...settings, shortName })
        : { kind: 'failed', message: 'The address the team gave is not a JustGiving fundraising page' };
      try {
        await recordRead(db, team.id, shortName ?? team.url!, read);
        if (read.kind === 'failed') failed += 1;
      } catch (err) {
        failed += 1;
        log?.error({ err, signupId: team.id }, 'A JustGiving page read could not be saved');
        await recordFailure(db, team.id, shortName ?? team.url!).catch(() => {});
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, withPage.length) }, worker));
  return { teams: withPage.length, failed };
}

/**
 * A team whose address went while a page row stayed (a sync read it as the address changed) loses
 * the row and its line. A team with no page row is left alone: the trigger of migration 0021 already
 * dropped both when the address went, except for an erased team, whose confirmed line stays on
 * purpose (its donations still count, see erasePerson).
 */
async function forgetTeamsWithoutPage(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const forgotten = await db
    .delete(justGivingPages)
    .where(inArray(justGivingPages.signupId, ids))
    .returning({ signupId: justGivingPages.signupId });
  if (!forgotten.length) return;
  const lines = and(
    eq(donations.source, 'justgiving'),
    inArray(
      donations.signupId,
      forgotten.map((p) => p.signupId),
    ),
  );
  // Looked up first: a delete of nothing would still move the public data version.
  const [stale] = await db.select({ id: donations.id }).from(donations).where(lines).limit(1);
  if (stale) await db.delete(donations).where(lines);
}

/**
 * A confirmation names one page: should the stored row be of another page (its address changed
 * without the trigger of migration 0021 seeing it), the confirmation does not carry over.
 */
const stillConfirmed = (column: typeof justGivingPages.confirmedAt | typeof justGivingPages.confirmedBy) =>
  sql`case when ${justGivingPages.pageShortName} = excluded.page_short_name then ${column} else null end`;

/**
 * The read's outcome for organisers, and on success the team's ledger line if its page is
 * confirmed, in one transaction.
 */
async function recordRead(db: Db, signupId: number, shortName: string, read: PageRead): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const status =
      read.kind === 'ok'
        ? {
            pageShortName: shortName,
            raisedOnline: read.totals.online,
            raisedOffline: read.totals.offline,
            giftAid: read.totals.giftAid,
            total: read.totals.total,
            target: read.totals.target,
            title: read.identity.title,
            owner: read.identity.owner,
            lastAttemptAt: now,
            lastSuccessAt: now,
            error: null,
          }
        : { pageShortName: shortName, lastAttemptAt: now, error: read.message };
    const [page] = await tx
      .insert(justGivingPages)
      .values({ signupId, ...status })
      .onConflictDoUpdate({
        target: justGivingPages.signupId,
        set: {
          ...status,
          confirmedAt: stillConfirmed(justGivingPages.confirmedAt),
          confirmedBy: stillConfirmed(justGivingPages.confirmedBy),
        },
      })
      .returning({ confirmedAt: justGivingPages.confirmedAt });
    if (!page?.confirmedAt) await removeLedgerLine(tx, signupId);
    else if (read.kind === 'ok') await setLedgerLine(tx, signupId, read.totals.total);
  });
}

/** A read that could not be saved: said on the team's row, in the organisers' words. */
async function recordFailure(db: Db, signupId: number, shortName: string): Promise<void> {
  const status = { pageShortName: shortName, lastAttemptAt: new Date(), error: SAVE_FAILED };
  await db
    .insert(justGivingPages)
    .values({ signupId, ...status })
    .onConflictDoUpdate({ target: justGivingPages.signupId, set: status });
}

/** No line for a page no organiser has confirmed (looked up first: a delete of nothing would still move the public data version). */
async function removeLedgerLine(tx: Db, signupId: number): Promise<void> {
  const line = and(eq(donations.signupId, signupId), eq(donations.source, 'justgiving'));
  const [stale] = await tx.select({ id: donations.id }).from(donations).where(line).limit(1);
  if (stale) await tx.delete(donations).where(line);
}

/**
 * The team's one JustGiving line at `amount` pence (none at £0: a ledger line is above zero).
 * Written only when the amount changed, so an unchanged page does not refresh the public lists.
 */
export async function setLedgerLine(tx: Db, signupId: number, amount: number): Promise<void> {
  const line = and(eq(donations.signupId, signupId), eq(donations.source, 'justgiving'));
  const [existing] = await tx.select({ id: donations.id, amount: donations.amount }).from(donations).where(line).for('update');
  if (amount <= 0) {
    if (existing) await tx.delete(donations).where(eq(donations.id, existing.id));
    return;
  }
  if (existing?.amount === amount) return;
  await tx
    .insert(donations)
    .values({
      signupId,
      amount,
      currency: 'GBP',
      donorName: 'JustGiving supporters',
      paymentMethod: 'justgiving',
      source: 'justgiving',
      state: 'verified',
    })
    .onConflictDoUpdate({ target: donations.signupId, targetWhere: eq(donations.source, 'justgiving'), set: { amount } });
}
