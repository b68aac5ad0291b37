/** Signed links spent once (services/signed-link.ts). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Signed e-mail links (consent, subscription confirmation) that have been followed, by the
 * SHA-256 of the token: each grants its opt-in once, so a link kept in an inbox cannot undo a
 * later unsubscribe.
 */
export const usedLinks = pgTable('used_links', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
