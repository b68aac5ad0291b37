/** Deposits and the GoCardless events behind them (features/deposits). */
import { sql } from 'drizzle-orm';
import { index, integer, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { depositMethods, depositSources } from '../../../common/schemas/deposits';
import { signups } from './teams';

/** A team's deposit, once paid: entered by an organiser or confirmed by GoCardless. One per team. */
export const deposits = pgTable('deposits', {
  signupId: integer('signup_id')
    .primaryKey()
    .references(() => signups.id, { onDelete: 'cascade' }),
  amountPence: integer('amount_pence').notNull(),
  method: text('method', { enum: depositMethods }).notNull(),
  paidOn: date('paid_on', { mode: 'string' }).notNull(),
  source: text('source', { enum: depositSources }).notNull(),
  /** GoCardless's payment id (PM...) for a direct-debit deposit. */
  providerPaymentId: text('provider_payment_id'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the driver's receipt went out; null until then. Recording the deposit and sending its
   * receipt are two steps, so a retried job that finds the deposit recorded still sends a missing receipt.
   */
  receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
});

export type Deposit = typeof deposits.$inferSelect;

/** Each GoCardless webhook event, stored once by its id and processed by a job. */
export const gocardlessEvents = pgTable(
  'gocardless_events',
  {
    id: text('id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    action: text('action').notNull(),
    paymentId: text('payment_id'),
    /** When GoCardless created the event (not when it reached us). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * When the event's changes to the database were committed (a failed payment's undoing and its
     * audit row); its e-mails may still be due. A retry then changes nothing twice.
     */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * While a job or the sweep is applying the event, until when it is theirs: two workers never
     * apply one event at once, and one that stopped midway hands it back when this passes.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    index('gocardless_events_payment_idx').on(t.paymentId, t.createdAt),
    // The sweep's search: events stored but not yet applied.
    index('gocardless_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * A webhook event GoCardless signed but this site cannot read (a missing or malformed field). It is
 * kept as received for the organisers (the audit log points to it) and never applied; the rest of
 * its batch is stored and applied as usual.
 */
export const gocardlessRejectedEvents = pgTable('gocardless_rejected_events', {
  /** SHA-256 of the event as received, so a redelivered batch records it once. */
  fingerprint: text('fingerprint').primaryKey(),
  /** The event's own id, when it had a readable one. */
  eventId: text('event_id'),
  /** What was wrong with it. */
  problem: text('problem').notNull(),
  /** The event as JSON text (it may not be an object, or not fit a jsonb column). */
  payload: text('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
