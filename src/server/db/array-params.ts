import { sql } from 'drizzle-orm';

/**
 * Arrays as one parameter each, for `unnest(...)` and `= any(...)`: drizzle spreads a JS array in a
 * template into a list of parameters, so the array goes as PostgreSQL's array text instead.
 */
export const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

export const intArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
