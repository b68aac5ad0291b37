import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { boundedInt } from '../../../common/schemas/primitives';
import { auditLog } from '../../db/schema';
import { theRow } from '../../db/rows';

export const AUDIT_PAGE_SIZE = 20;

const querySchema = z.object({ page: boundedInt(1, 100_000).default(1) });

/** The organisers' audit log, newest first, a page at a time. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit-log', { onRequest: app.requireAdmin, schema: { querystring: querySchema } }, async (request) => {
    const { page } = request.query;
    const [entries, totals] = await Promise.all([
      app.db
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
      app.db.select({ total: count() }).from(auditLog),
    ]);
    const { total } = theRow(totals, 'the audit log count');
    return { entries, page, pageSize: AUDIT_PAGE_SIZE, total };
  });
};

export default auditRoutes;
