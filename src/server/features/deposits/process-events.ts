import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { deposits, gocardlessEvents, signups } from '../../db/schema';
import { changeEntryStatus } from '../../services/entry-status';
import { recordSystemAudit } from '../../services/audit';
import { notifyOrganisers } from '../../services/organiser-notifications';
import { formatPence } from '../../../common/money';
import { goCardlessClient } from './gocardless-client';
import type { Db } from '../../db/client';
import type { Deposit, Signup } from '../../db/schema';
import { claimReceipt, findDeposit, findTeam, organiserAddresses, releaseReceipt, saveDeposit, today } from './deposit-records';
import { depositFailedEmail, depositReceiptEmail } from './deposit-emails';

export const GOCARDLESS_EVENTS_QUEUE = 'gocardless-events';
export type GoCardlessEventJob = { eventId: string };
/** Applies stored events that no job has applied (the job gave up, or never ran). */
export const GOCARDLESS_SWEEP_QUEUE = 'gocardless-events-sweep';
export type GoCardlessSweepJob = { receivedBefore?: string } | null;
/** Every five minutes, across all instances. */
export const GOCARDLESS_SWEEP_CRON = '*/5 * * * *';
/** The scheduled sweep leaves events this young to their own job. */
const SWEEP_AFTER_MS = 2 * 60_000;
const SWEEP_BATCH = 200;
/** How long one worker may take to apply an event before another may take it over. */
const CLAIM_MS = 5 * 60_000;

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
  // Processed already, or another worker is applying it (if that one fails, its retry or the sweep
  // applies it): nothing to do here.
  const event = await claimEvent(app.db, eventId);
  if (!event) return;
  try {
    if (event.resourceType === 'payments' && event.paymentId) await applyPayment(app, event.paymentId, event.action, event.id);
  } catch (err) {
    // Handed back at once, so the job's retry need not wait for the claim to run out.
    await app.db.update(gocardlessEvents).set({ claimedUntil: null }).where(eq(gocardlessEvents.id, eventId));
    throw err;
  }
  await app.db.update(gocardlessEvents).set({ processedAt: new Date(), claimedUntil: null }).where(eq(gocardlessEvents.id, eventId));
}

const unclaimed = or(isNull(gocardlessEvents.claimedUntil), lt(gocardlessEvents.claimedUntil, sql`now()`));

/** Takes the event for this worker, unless it is processed or another worker holds it. */
async function claimEvent(db: Db, eventId: string) {
  const [event] = await db
    .update(gocardlessEvents)
    .set({ claimedUntil: sql`now() + ${CLAIM_MS}::int * interval '1 millisecond'` })
    .where(and(eq(gocardlessEvents.id, eventId), isNull(gocardlessEvents.processedAt), unclaimed))
    .returning();
  return event;
}

/**
 * Applies every event stored before `receivedBefore` and not yet processed, oldest first: those
 * whose job used up its retries, and those whose job was never queued (the queue refused it, or the
 * process stopped between storing and queueing). One event that fails again is left for the next
 * sweep and does not hold up the rest.
 */
export async function sweepGoCardlessEvents(app: FastifyInstance, receivedBefore: Date): Promise<{ applied: number; failed: number }> {
  const due = await app.db
    .select({ id: gocardlessEvents.id })
    .from(gocardlessEvents)
    .where(and(isNull(gocardlessEvents.processedAt), lt(gocardlessEvents.receivedAt, receivedBefore), unclaimed))
    .orderBy(asc(gocardlessEvents.createdAt))
    .limit(SWEEP_BATCH);
  let failed = 0;
  for (const { id } of due) {
    try {
      await processGoCardlessEvent(app, id);
    } catch (err) {
      failed++;
      app.log.error({ err, eventId: id }, 'GoCardless event could not be applied; the next sweep tries again');
    }
  }
  if (due.length) app.log.info({ due: due.length, failed }, 'GoCardless events swept');
  return { applied: due.length - failed, failed };
}

/**
 * Queues a job per newly stored event. The events are stored already, so a queue that refuses them
 * loses nothing: the sweep applies them.
 */
export async function queueGoCardlessEvents(app: FastifyInstance, eventIds: string[]): Promise<void> {
  if (!eventIds.length || !app.jobs) return;
  try {
    await app.jobs.createQueue(GOCARDLESS_EVENTS_QUEUE);
    await app.jobs.insert(
      eventIds.map((eventId) => ({
        name: GOCARDLESS_EVENTS_QUEUE,
        data: { eventId } satisfies GoCardlessEventJob,
        retryLimit: 8,
        retryDelay: 30,
        retryBackoff: true,
      })),
    );
  } catch (err) {
    app.log.error({ err, events: eventIds.length }, 'GoCardless event jobs not queued; the sweep will apply the events');
  }
}

async function applyPayment(app: FastifyInstance, paymentId: string, action: string, eventId: string) {
  const payment = await (await goCardlessClient(app.config)).payments.find(paymentId);
  const teamId = Number(payment.metadata?.team_id);
  if (payment.metadata?.purpose !== 'deposit' || !Number.isSafeInteger(teamId)) return; // not one of ours
  const team = await findTeam(app.db, teamId);
  if (!team) return;
  const state = String(payment.status);
  const log = app.log.child({ signupId: team.id, paymentId, eventId });

  if (PAID.has(state)) {
    const existing = await findDeposit(app.db, team.id);
    // Recorded once per payment: a retried job (or a later "paid out") finds it and moves nothing.
    const recorded = existing?.providerPaymentId === paymentId;
    const deposit = recorded ? existing : await recordPaidDeposit(app, team, paymentId, payment, state);
    if (!recorded)
      notifyOrganisers(app, await app.rallySettings(), 'depositPaid', team, `${formatPence(deposit.amountPence)} by direct debit`);
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
    // Applied once per event: a job retried because an alert could not be sent (or the sweep after
    // it) finds the changes made and only sends the alerts again.
    const [seen] = await app.db
      .select({ appliedAt: gocardlessEvents.appliedAt })
      .from(gocardlessEvents)
      .where(eq(gocardlessEvents.id, eventId));
    if (!seen?.appliedAt) await undoFailedDeposit(app, team, paymentId, state, action, eventId);
    // One alert per failure event the organisers would care about (replays never reach here).
    if (FAILED.has(action)) {
      for (const to of await organiserAddresses(app)) await app.mailer.send(depositFailedEmail(to, team, paymentId, state));
      log.warn({ state }, 'GoCardless deposit payment did not go through');
    }
  }
}

/**
 * Undoes a deposit that rested on a payment that did not go through: the deposit, the status move,
 * the audit row and the event's mark that this is done, all or none of them.
 */
async function undoFailedDeposit(app: FastifyInstance, team: Signup, paymentId: string, state: string, action: string, eventId: string) {
  await app.db.transaction(async (tx) => {
    const existing = await findDeposit(tx, team.id);
    if (existing?.providerPaymentId === paymentId) {
      await tx.delete(deposits).where(eq(deposits.signupId, team.id));
    }
    // Only a deposit that rested on this payment is undone; one paid another way stands.
    const [now] = await tx.select({ status: signups.status }).from(signups).where(eq(signups.id, team.id));
    const rested = !existing || existing.providerPaymentId === paymentId;
    if (rested && now?.status === 'deposit_paid') {
      await changeEntryStatus(tx, team.id, 'registered', { role: 'system' }, `GoCardless payment ${paymentId} ${state.replace('_', ' ')}`);
    }
    if (FAILED.has(action)) {
      await recordSystemAudit(tx, {
        action: 'deposit.failed',
        targetType: 'signup',
        targetId: team.id,
        details: { source: 'gocardless', paymentId, state },
      });
    }
    await tx.update(gocardlessEvents).set({ appliedAt: new Date() }).where(eq(gocardlessEvents.id, eventId));
  });
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
    const tx = trx;
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

/**
 * One job per event; a failure (GoCardless or the mail server unreachable) is retried by pg-boss.
 * The sweep runs on a schedule, and once at start-up for everything stored before this start.
 */
export async function startGoCardlessWorker(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(GOCARDLESS_EVENTS_QUEUE);
  await jobs.createQueue(GOCARDLESS_SWEEP_QUEUE);
  await jobs.work<GoCardlessEventJob>(GOCARDLESS_EVENTS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) await processGoCardlessEvent(app, job.data.eventId);
  });
  await jobs.work<GoCardlessSweepJob>(GOCARDLESS_SWEEP_QUEUE, async (batch) => {
    for (const job of batch) {
      const before = job.data?.receivedBefore ? new Date(job.data.receivedBefore) : new Date(Date.now() - SWEEP_AFTER_MS);
      await sweepGoCardlessEvents(app, before);
    }
  });
  await jobs.schedule(GOCARDLESS_SWEEP_QUEUE, GOCARDLESS_SWEEP_CRON);
  // A job rather than a call here, so start-up does not wait on GoCardless.
  await jobs.send(GOCARDLESS_SWEEP_QUEUE, { receivedBefore: new Date().toISOString() } satisfies GoCardlessSweepJob);
}
