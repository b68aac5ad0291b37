import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { deposits, gocardlessEvents, signups } from '../../db/schema';
import { changeEntryStatus } from '../../services/entry-status';
import { recordSystemAudit } from '../../services/audit';
import { goCardlessClient } from './gocardless-client';
import type { Db } from '../../db/client';
import type { Deposit, Signup } from '../../db/schema';
import { claimReceipt, findDeposit, findTeam, organiserAddresses, releaseReceipt, saveDeposit, today } from './deposit-records';
import { depositFailedEmail, depositReceiptEmail } from './deposit-emails';

export const GOCARDLESS_EVENTS_QUEUE = 'gocardless-events';
export type GoCardlessEventJob = { eventId: string };

const PAID = new Set(['confirmed', 'paid_out']);
const FAILED = new Set(['failed', 'cancelled', 'charged_back', 'customer_approval_denied']);

/**
 * Applies one stored event. Events may arrive late, twice or out of order: a replay is stopped by the
 * event id (stored once, marked processed), and the order problem is avoided by never trusting the
 * event's action for the team's state. The job asks GoCardless for the payment as it is now and
 * applies that: a late "confirmed" for a payment that has since failed finds it failed and changes
 * nothing, and a late "failed" after a newer success of the same payment finds it paid. (Comparing
 * event timestamps would also work, but two events of one payment can share a second, and the
 * payment itself also tells us which team and amount it is for, from the metadata we gave it.)
 */
export async function processGoCardlessEvent(app: FastifyInstance, eventId: string): Promise<void> {
  const [event] = await app.db.select().from(gocardlessEvents).where(eq(gocardlessEvents.id, eventId));
  if (!event || event.processedAt) return;
  if (event.resourceType === 'payments' && event.paymentId) await applyPayment(app, event.paymentId, event.action, event.id);
  await app.db.update(gocardlessEvents).set({ processedAt: new Date() }).where(eq(gocardlessEvents.id, eventId));
}

async function applyPayment(app: FastifyInstance, paymentId: string, action: string, eventId: string) {
  const payment = await goCardlessClient(app.config).payments.find(paymentId);
  const teamId = Number(payment.metadata?.team_id);
  if (payment.metadata?.purpose !== 'deposit' || !Number.isSafeInteger(teamId)) return; // not one of ours
  const team = await findTeam(app.db, teamId);
  if (!team) return;
  const state = String(payment.status);
  const log = app.log.child({ signupId: team.id, paymentId, eventId });

  if (PAID.has(state)) {
    const existing = await findDeposit(app.db, team.id);
    // Recorded once per payment: a retried job (or a later "paid out") finds it and moves nothing.
    const deposit = existing?.providerPaymentId === paymentId ? existing : await recordPaidDeposit(app, team, paymentId, payment, state);
    // A separate step, so a mail server that fails here is retried with the job and the receipt still goes.
    if (!deposit.receiptSentAt && (await claimReceipt(app.db, team.id, paymentId))) {
      try {
        await app.mailer.send(depositReceiptEmail(team, deposit, await app.rallySettings()));
      } catch (err) {
        await releaseReceipt(app.db, team.id, paymentId);
        throw err;
      }
      log.info('deposit confirmed by GoCardless');
    }
    return;
  }

  if (FAILED.has(state)) {
    // The deposit undone, the status move and the audit row: all or none of them.
    await app.db.transaction(async (tx) => {
      const existing = await findDeposit(tx, team.id);
      if (existing?.providerPaymentId === paymentId) {
        await tx.delete(deposits).where(eq(deposits.signupId, team.id));
      }
      // Only a deposit that rested on this payment is undone; one paid another way stands.
      const [now] = await tx.select({ status: signups.status }).from(signups).where(eq(signups.id, team.id));
      const rested = !existing || existing.providerPaymentId === paymentId;
      if (rested && now?.status === 'deposit_paid') {
        await changeEntryStatus(
          tx,
          team.id,
          'registered',
          { role: 'system' },
          `GoCardless payment ${paymentId} ${state.replace('_', ' ')}`,
        );
      }
      // One note per failure event the organisers would care about (replays never reach here).
      if (FAILED.has(action)) {
        await recordSystemAudit(tx, {
          action: 'deposit.failed',
          targetType: 'signup',
          targetId: team.id,
          details: { source: 'gocardless', paymentId, state },
        });
      }
    });
    if (FAILED.has(action)) {
      for (const to of await organiserAddresses(app)) await app.mailer.send(depositFailedEmail(to, team, paymentId, state));
      log.warn({ state }, 'GoCardless deposit payment did not go through');
    }
  }
}

/** The deposit, the status move and the audit row of a paid payment, all or none of them. */
async function recordPaidDeposit(
  app: FastifyInstance,
  team: Signup,
  paymentId: string,
  payment: { amount?: string | number; charge_date?: string | null },
  state: string,
): Promise<Deposit> {
  return app.db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const deposit = await saveDeposit(tx, {
      signupId: team.id,
      amountPence: Number(payment.amount),
      method: 'direct_debit',
      paidOn: payment.charge_date || today(),
      source: 'gocardless',
      providerPaymentId: paymentId,
    });
    if (team.status === 'registered') {
      await changeEntryStatus(
        tx,
        team.id,
        'deposit_paid',
        { role: 'system' },
        `GoCardless payment ${paymentId} ${state.replace('_', ' ')}`,
      );
    }
    await recordSystemAudit(trx, {
      action: 'deposit.paid',
      targetType: 'signup',
      targetId: team.id,
      details: { source: 'gocardless', paymentId, amountPence: deposit.amountPence },
    });
    return deposit;
  });
}

/** One job per event; a failure (GoCardless or the mail server unreachable) is retried by pg-boss. */
export async function startGoCardlessWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(GOCARDLESS_EVENTS_QUEUE);
  await jobs.work<GoCardlessEventJob>(GOCARDLESS_EVENTS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) await processGoCardlessEvent(app, job.data.eventId);
  });
}
