import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DepositView } from '../../../common/schemas/deposits';
import type { Db } from '../../db/client';
import { deposits, signups, users, type Deposit } from '../../db/schema';

export function toDepositView(d: Deposit): DepositView {
  return {
    amountPence: d.amountPence,
    method: d.method,
    paidOn: d.paidOn,
    source: d.source,
    providerPaymentId: d.providerPaymentId,
  };
}

export async function findDeposit(db: Db, signupId: number): Promise<Deposit | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.signupId, signupId));
  return row;
}

/** Stores the team's deposit, replacing an earlier record (one deposit per team). */
export async function saveDeposit(db: Db, row: typeof deposits.$inferInsert): Promise<Deposit> {
  const [saved] = await db
    .insert(deposits)
    .values(row)
    .onConflictDoUpdate({
      target: deposits.signupId,
      set: {
        amountPence: row.amountPence,
        method: row.method,
        paidOn: row.paidOn,
        source: row.source,
        providerPaymentId: row.providerPaymentId ?? null,
        recordedAt: sql`now()`,
        // A new record of the deposit has its own receipt to send.
        receiptSentAt: null,
      },
    })
    .returning();
  if (!saved) throw new Error('the deposit was not saved');
  return saved;
}

const thisDeposit = (signupId: number, providerPaymentId: string | null) =>
  and(
    eq(deposits.signupId, signupId),
    providerPaymentId ? eq(deposits.providerPaymentId, providerPaymentId) : sql`${deposits.providerPaymentId} is null`,
  );

/**
 * Notes that the receipt for this deposit went out. Keyed by the payment too (null for one entered
 * by hand), so a deposit recorded again meanwhile keeps its own receipt due.
 */
export async function markReceiptSent(db: Db, signupId: number, providerPaymentId: string | null) {
  await db.update(deposits).set({ receiptSentAt: new Date() }).where(thisDeposit(signupId, providerPaymentId));
}

/**
 * Takes the sending of this deposit's receipt: true for exactly one of several jobs asking at once
 * (two events of one payment handled by two instances), false once it is taken or sent.
 */
export async function claimReceipt(db: Db, signupId: number, providerPaymentId: string): Promise<boolean> {
  const claimed = await db
    .update(deposits)
    .set({ receiptSentAt: new Date() })
    .where(and(thisDeposit(signupId, providerPaymentId), isNull(deposits.receiptSentAt)))
    .returning({ id: deposits.signupId });
  return claimed.length > 0;
}

/** The receipt could not be sent after all: due again, for the job's retry. */
export async function releaseReceipt(db: Db, signupId: number, providerPaymentId: string): Promise<void> {
  await db.update(deposits).set({ receiptSentAt: null }).where(thisDeposit(signupId, providerPaymentId));
}

export async function findTeam(db: Db, signupId: number) {
  const [team] = await db.select().from(signups).where(eq(signups.id, signupId));
  return team;
}

/** Who hears about a failed payment: ADMIN_EMAIL and every organiser account, once per address. */
export async function organiserAddresses(app: FastifyInstance): Promise<string[]> {
  const admins = await app.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  const all = [app.config.ADMIN_EMAIL, ...admins.map((a) => a.email)].filter((e): e is string => Boolean(e));
  const seen = new Map<string, string>();
  for (const e of all) if (!seen.has(e.toLowerCase())) seen.set(e.toLowerCase(), e);
  return [...seen.values()];
}

/** Today in the rally's time zone, as YYYY-MM-DD. */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Jersey' }).format(new Date());
