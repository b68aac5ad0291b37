import { z } from 'zod';

/**
 * Small answers many routes share. Every JSON route declares its answer's schema (the server's
 * serializer sends only the keys listed); these are the ones that are not about one feature.
 */

/** Done, nothing more to say (`ok` is always true). */
export const okSchema = z.object({ ok: z.boolean() });
export type OkAnswer = z.infer<typeof okSchema>;

/** Done, with a sentence for the page to show. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** A record removed, by id. */
export const deletedSchema = z.object({ ok: z.boolean(), id: z.number().int() });
