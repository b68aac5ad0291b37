import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { justGivingPages, signups } from '../../db/schema';
import type { JustGivingPageStatus } from '../../../common/schemas/justgiving';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';
import { pageShortName } from './page-short-name';
import { pageStatus } from './status';
import { setLedgerLine } from './sync';

export const NOT_READ = 'No JustGiving page has been read for this team yet';
export const CHANGED = "The team's JustGiving page has changed since it was shown: check the page again";
export const UNREAD = 'The page has not been read successfully yet: sync it, then check its title and owner';

/**
 * An organiser confirms that the page the sync read is the team's: from then on its total is a
 * verified ledger line and counts in public answers. The row is locked so a sync or a change of
 * address cannot slip between the check and the line; the audit row is in the same transaction.
 * Confirming a confirmed page changes nothing and records nothing.
 */
export async function confirmPage(
  db: Db,
  request: FastifyRequest,
  signupId: number,
  shortName: string,
  organiserId: string,
): Promise<JustGivingPageStatus> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ page: justGivingPages, teamName: signups.teamName, url: signups.justGivingUrl })
      .from(justGivingPages)
      .innerJoin(signups, eq(signups.id, justGivingPages.signupId))
      .where(eq(justGivingPages.signupId, signupId))
      // Both rows: a change of the team's address waits for this confirmation, then drops it.
      .for('update');
    if (!row) throw notFound(NOT_READ);
    const { page, teamName, url } = row;
    // The page read must be the one shown, and still the one the team's address names (a sync that
    // began before the address changed may have written the old page's row since).
    if (page.pageShortName !== shortName || pageShortName(url) !== shortName) throw new HttpError(409, CHANGED);
    if (page.lastSuccessAt === null || page.total === null) throw new HttpError(409, UNREAD);
    if (page.confirmedAt) return pageStatus(page, teamName);

    const [confirmed] = await tx
      .update(justGivingPages)
      .set({ confirmedAt: new Date(), confirmedBy: organiserId })
      .where(eq(justGivingPages.signupId, signupId))
      .returning();
    await setLedgerLine(tx, signupId, page.total);
    await recordAudit(tx, request, {
      action: 'justgiving.confirm',
      targetType: 'signup',
      targetId: signupId,
      details: { pageShortName: page.pageShortName, title: page.title, owner: page.owner, total: page.total },
    });
    return pageStatus(confirmed!, teamName);
  });
}
