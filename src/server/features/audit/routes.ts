import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { boundedInt } from '../../../common/schemas/primitives';
import { auditPageSchema, type AuditPage } from '../../../common/schemas/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { theRow } from '../../db/rows';

export const AUDIT_PAGE_SIZE = 20;

const querySchema = z.object({ page: boundedInt(1, 100_000).default(1) });

/** One page of the log, newest first, with the number of entries in all. */
async function auditPage(db: Db, page: number): Promise<AuditPage> {
  const [entries, totals] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog),
  ]);
  const { total } = theRow(totals, 'the audit log count');
  return {
    // Details are always written as an object (services/audit.ts).
    entries: entries.map((e) => ({ ...e, details: e.details as Record<string, unknown> | null, createdAt: e.createdAt.toISOString() })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
  };
}

/** The organisers' audit log, newest first, a page at a time. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', { schema: { querystring: querySchema, response: { 200: auditPageSchema } } }, async (request) =>
    auditPage(app.db, request.query.page),
  );
};

export default auditRoutes;
