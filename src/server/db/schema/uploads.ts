/** The upload URLs handed out and what became of them (features/uploads, services/upload-records.ts). */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every upload URL handed out: who it counts against (the total upload quota of a session and of
 * a team or account), when its file arrived through our own signed PUT (disk: once), and when it
 * was attached (once, whatever the storage).
 */
export const uploadObjects = pgTable(
  'upload_objects',
  {
    objectId: uuid('object_id').primaryKey(),
    sessionKey: text('session_key'),
    ownerKey: text('owner_key'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [index('upload_objects_session_key_idx').on(t.sessionKey), index('upload_objects_owner_key_idx').on(t.ownerKey)],
);
