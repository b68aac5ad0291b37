import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importPlans } from '../../db/schema';
import type { PlannedRow } from './plan-import';

/** How long a preview may wait for Apply. */
export const PLAN_TTL_MS = 30 * 60 * 1000;

type StoredPlan = { fileName: string; rows: PlannedRow[] };

/**
 * Keeps a previewed plan in the database (so Apply works on any instance), under a random id,
 * for the organiser who made it. Expired plans are cleared at the same time.
 */
export async function savePlan(db: Db, userId: string | null, plan: StoredPlan): Promise<{ id: string; expiresAt: Date }> {
  await db.delete(importPlans).where(lt(importPlans.expiresAt, new Date()));
  const id = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + PLAN_TTL_MS);
  await db.insert(importPlans).values({ id, createdByUserId: userId, plan, expiresAt });
  return { id, expiresAt };
}

/** Takes the plan out, once: a second Apply (here or on another instance) finds nothing. */
export async function takePlan(db: Db, id: string, userId: string | null): Promise<StoredPlan | null> {
  const [row] = await db
    .delete(importPlans)
    .where(and(eq(importPlans.id, id), userId ? eq(importPlans.createdByUserId, userId) : sql`false`))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row.plan as StoredPlan;
}
