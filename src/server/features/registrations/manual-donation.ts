import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseDonor } from '../../../common/schemas/donation';
import type { adminDonationSchema } from '../../../common/schemas/admin-donation';
import type { Db } from '../../db/client';
import { donations, signups, type Donation } from '../../db/schema';
import { plainTeamColumns, type PlainTeam } from './masking';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../../services/audit';

type ManualDonation = z.output<typeof adminDonationSchema>;

/**
 * Records an organiser's donation entry with its audit row in one transaction. A repeated
 * idempotency key (a double click, a retried request) returns the donation already recorded.
 */
export async function recordManualDonation(
  db: Db,
  request: FastifyRequest,
  input: ManualDonation,
): Promise<{ donation: Donation; created: boolean; team: PlainTeam }> {
  const d = normaliseDonor(input);
  return db.transaction(async (tx) => {
    const [team] = await tx.select(plainTeamColumns).from(signups).where(eq(signups.id, d.signupId));
    if (!team) throw notFound('Team not found');
    const [inserted] = await tx
      .insert(donations)
      .values({
        signupId: d.signupId,
        amount: d.amount,
        currency: d.currency.toUpperCase(),
        donorName: d.donorName,
        donorEmail: d.donorEmail,
        isAnonymous: d.isAnonymous,
        hideAmount: d.hideAmount,
        paymentMethod: d.paymentMethod,
        message: d.message || null,
        // The organisers' own entry: checked by the person who typed it.
        source: 'organiser',
        state: 'verified',
        idempotencyKey: d.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: donations.idempotencyKey })
      .returning();
    if (!inserted) {
      const [existing] = await tx.select().from(donations).where(eq(donations.idempotencyKey, d.idempotencyKey!));
      // The same key for a different donation is a client bug, not a repeat.
      if (!existing || existing.signupId !== d.signupId || existing.amount !== d.amount)
        throw new HttpError(409, 'This donation was already submitted with different details');
      return { donation: existing, created: false, team };
    }
    await recordAudit(tx, request, {
      action: 'donation.create',
      targetType: 'donation',
      targetId: inserted.id,
      details: { signupId: team.id, teamName: team.teamName, amount: inserted.amount, paymentMethod: inserted.paymentMethod },
    });
    return { donation: inserted, created: true, team };
  });
}
