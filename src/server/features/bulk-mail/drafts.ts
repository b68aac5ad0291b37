import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailDraftInputSchema, emailDraftSchema, type EmailDraft } from '../../../common/schemas/bulk-email';
import { contactFilterSchema } from '../../../common/schemas/contacts';
import { idParamSchema } from '../../../common/schemas/params';
import { deletedSchema } from '../../../common/schemas/answers';
import { emailDrafts } from '../../db/schema';
import { theRow } from '../../db/rows';
import { notFound } from '../../errors';
import { recordAudit } from '../../services/audit';

const NO_DRAFT = 'No draft with this id';

function toView(row: typeof emailDrafts.$inferSelect): EmailDraft {
  return {
    id: row.id,
    subject: row.subject,
    htmlContent: row.html,
    recipientType: row.recipientType === 'registered_users' ? 'registered_users' : 'mailing_list',
    onlyOptedIn: row.onlyOptedIn,
    // Stored by this same schema; parsed again so an old row can never break the answer.
    audience: contactFilterSchema.catch({}).parse(row.audience),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columns = (d: z.output<typeof emailDraftInputSchema>) => ({
  subject: d.subject,
  html: d.htmlContent,
  recipientType: d.recipientType,
  onlyOptedIn: d.onlyOptedIn,
  audience: d.audience,
});

/** Bulk e-mails being written: any organiser may list, open, carry on with and delete them. */
const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/bulk-mail/drafts', { schema: { response: { 200: z.array(emailDraftSchema) } } }, async () => {
    const rows = await app.db.select().from(emailDrafts).orderBy(desc(emailDrafts.updatedAt), desc(emailDrafts.id));
    return rows.map(toView);
  });

  app.get(
    '/api/admin/bulk-mail/drafts/:id',
    { schema: { params: idParamSchema, response: { 200: emailDraftSchema } } },
    async (request) => {
      const [row] = await app.db.select().from(emailDrafts).where(eq(emailDrafts.id, request.params.id));
      if (!row) throw notFound(NO_DRAFT);
      return toView(row);
    },
  );

  app.post(
    '/api/admin/bulk-mail/drafts',
    { schema: { body: emailDraftInputSchema, response: { 201: emailDraftSchema } } },
    async (request, reply) => {
      const row = await app.db.transaction(async (tx) => {
        const added = theRow(
          await tx
            .insert(emailDrafts)
            .values({ ...columns(request.body), createdByUserId: request.currentUser?.id ?? null })
            .returning(),
          'the new draft',
        );
        await recordAudit(tx, request, {
          action: 'email.draft_create',
          targetType: 'email_draft',
          targetId: added.id,
          details: { subject: added.subject },
        });
        return added;
      });
      reply.code(201);
      return toView(row);
    },
  );

  app.put(
    '/api/admin/bulk-mail/drafts/:id',
    { schema: { params: idParamSchema, body: emailDraftInputSchema, response: { 200: emailDraftSchema } } },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx.update(emailDrafts).set(columns(request.body)).where(eq(emailDrafts.id, request.params.id)).returning();
        if (!updated) throw notFound(NO_DRAFT);
        await recordAudit(tx, request, {
          action: 'email.draft_update',
          targetType: 'email_draft',
          targetId: updated.id,
          details: { subject: updated.subject },
        });
        return updated;
      });
      return toView(row);
    },
  );

  app.delete(
    '/api/admin/bulk-mail/drafts/:id',
    { schema: { params: idParamSchema, response: { 200: deletedSchema } } },
    async (request) => {
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx.delete(emailDrafts).where(eq(emailDrafts.id, request.params.id)).returning();
        if (!row) throw notFound(NO_DRAFT);
        await recordAudit(tx, request, {
          action: 'email.draft_delete',
          targetType: 'email_draft',
          targetId: row.id,
          details: { before: { subject: row.subject, recipientType: row.recipientType, audience: row.audience } },
        });
        return row.id;
      });
      return { ok: true, id };
    },
  );
};

export default draftRoutes;
