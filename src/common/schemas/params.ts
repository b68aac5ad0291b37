import { z } from 'zod';

/** A numeric id in a path; anything else is a 404, not a 400 (it names no record). */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
