import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rallyConfig } from '../../../common/rally-config';
import type { Db } from '../../db/client';
import type { DonationSource, DonationState, PaymentMethod } from '../../../common/schemas/donation';
import type { MyDonation } from '../../../common/schemas/my-donation';
import type { MySignup } from '../../../common/schemas/signup';
import { donations, signups, type Donation, type Signup } from '../../db/schema';
import { waitingListPosition } from '../../services/entry-status';

/**
 * The user's registration: of the teams linked to the account, this rally year's; failing that, the
 * most recent year's. Ties go to the newest row, so the same team is chosen every time.
 */
export async function findMySignup(db: Db, userId: string): Promise<Signup | undefined> {
  const [signup] = await db
    .select()
    .from(signups)
    .where(eq(signups.userId, userId))
    .orderBy(desc(sql`${signups.rallyYear} = ${rallyConfig.year}`), desc(signups.rallyYear), desc(signups.id))
    .limit(1);
  return signup;
}

/** Every team linked to the account (a donation of an older team still belongs to its owner). */
async function mySignupIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ id: signups.id }).from(signups).where(eq(signups.userId, userId));
  return rows.map((r) => r.id);
}

export async function listMyDonations(db: Db, signupId: number): Promise<Donation[]> {
  return db.select().from(donations).where(eq(donations.signupId, signupId)).orderBy(desc(donations.createdAt), desc(donations.id));
}

/** The donation when it belongs to one of the user's teams; undefined otherwise (another's id looks missing). */
export async function findMyDonation(db: Db, userId: string, id: number): Promise<Donation | undefined> {
  const ids = await mySignupIds(db, userId);
  if (!ids.length) return undefined;
  const [row] = await db
    .select()
    .from(donations)
    .where(and(eq(donations.id, id), inArray(donations.signupId, ids)));
  return row;
}

/** The participant's registration as the dashboard receives it (not the account link). */
export async function toMySignup(db: Db, s: Signup): Promise<MySignup> {
  const { userId: _userId, updatedAt: _updatedAt, ...fields } = s;
  return { ...fields, createdAt: s.createdAt.toISOString(), waitingListPosition: await waitingListPosition(db, s) };
}

/** What the dashboard sees of a donation (no payment-provider internals). */
export function toMyDonation(d: Donation): MyDonation {
  return {
    id: d.id,
    signupId: d.signupId,
    amount: d.amount,
    currency: d.currency,
    donorName: d.donorName,
    donorEmail: d.donorEmail,
    isAnonymous: d.isAnonymous,
    // The table's check constraints hold these columns to the listed values.
    paymentMethod: d.paymentMethod as PaymentMethod,
    message: d.message,
    source: d.source as DonationSource,
    state: d.state as DonationState,
    createdAt: d.createdAt.toISOString(),
  };
}
