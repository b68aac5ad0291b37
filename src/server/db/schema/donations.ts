/** Donations, whoever recorded them (fundraising, dashboard, admin-donations, justgiving, deposits). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, check } from 'drizzle-orm/pg-core';
import type { TeamRole } from '../../../common/schemas/signup';
import { paymentMethods } from '../../../common/schemas/donation';
import { signups } from './teams';

/** How a donation was paid: a PostgreSQL enum of the methods in src/common/schemas/donation.ts. */
export const paymentMethod = pgEnum('payment_method', paymentMethods);

export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    signupId: integer('signup_id')
      .notNull()
      .references(() => signups.id, { onDelete: 'cascade' }),
    /**
     * Pence. bigint because one line can be a whole JustGiving page's total, which may pass an
     * int4's £21M; amounts typed in stay within int4 (pence() in src/common).
     */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull().default('GBP'),
    donorName: text('donor_name'),
    donorEmail: text('donor_email'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** The donor's wish: the supporters wall and public answers leave the amount out (it still counts). */
    hideAmount: boolean('hide_amount').notNull().default(false),
    paymentMethod: paymentMethod('payment_method').notNull(),
    gocardlessPaymentId: text('gocardless_payment_id'),
    gocardlessStatus: text('gocardless_status'),
    message: text('message'),
    /** Who put the donation in the ledger; a participant may change only their own ('participant'). */
    source: text('source').notNull().default('participant'),
    /**
     * Which team member typed a 'participant' entry: a co-driver may change only their own, the
     * driver (the team's owner) any (common/team-records.ts). Entries from before it was recorded
     * were the driver's. Meaningless for the organisers' sources.
     */
    recordedBy: text('recorded_by').$type<TeamRole>().notNull().default('driver'),
    /** 'reported' until an organiser checks it; a setting can keep reported ones out of public totals. */
    state: text('state').notNull().default('reported'),
    /** Set by forms so a double submit records one donation. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('donations_signup_idx').on(t.signupId),
    check('donations_amount_positive', sql`${t.amount} > 0`),
    check('donations_source', sql`${t.source} in ('participant','organiser','justgiving','gocardless')`),
    check('donations_state', sql`${t.state} in ('reported','verified')`),
    check('donations_recorded_by', sql`${t.recordedBy} in ('driver','co-driver')`),
    index('donations_created_idx').on(t.createdAt),
    // The JustGiving sync keeps one line per team, replaced in place (never appended).
    uniqueIndex('donations_one_justgiving_line')
      .on(t.signupId)
      .where(sql`${t.source} = 'justgiving'`),
  ],
);

export type Donation = typeof donations.$inferSelect;
