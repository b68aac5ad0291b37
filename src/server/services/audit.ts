import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  action: string; // e.g. 'signup.update', 'signup.delete', 'donation.create', 'email.bulk_send'
  targetType?: string;
  targetId?: string | number;
  /** What changed; never passwords, tokens or passport numbers. */
  details?: Record<string, unknown>;
};

/**
 * An open transaction. The audit functions take only this, never the database itself: an audit
 * row is written in the transaction of the change it records, so the two are kept or lost together.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Records an organiser's action (who, what, when, on which record) in the change's transaction. */
export async function recordAudit(tx: Tx, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = request.currentUser;
  await tx.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}

/** Records what the site did on its own (a scheduled job), in that work's transaction: no organiser is the actor. */
export async function recordSystemAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: null,
    actorEmail: null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}

/**
 * Records an action that changes no data of its own (an export, a revealed record, a sent or queued
 * message), alone in its own transaction. A change records its row with `recordAudit(tx, …)` inside
 * the transaction that makes it.
 */
export function recordActionAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  return db.transaction((tx) => recordAudit(tx, request, entry));
}
