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

/** Records an organiser's action: who, what, when, on which record. */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = request.currentUser;
  await db.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}

/** Records what the site did on its own (a scheduled job): no organiser is the actor. */
export async function recordSystemAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: null,
    actorEmail: null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}
