import { z } from 'zod';

/**
 * The small building blocks every input schema is made of, so the rules that keep bad input out
 * of the database live in one place:
 * - PostgreSQL text cannot hold a NUL character: text with one is refused with a 400 here rather
 *   than failing as a 500 in the database.
 * - Numbers are bounded by the columns they go into (int4 ids, sane years, pence within an int4).
 */

/** The largest value of a PostgreSQL `integer` (int4) column, and of a `serial` id. */
export const INT4_MAX = 2_147_483_647;
/** Rally years: the first Jersey rally was years after 2000, and nothing is planned past 2100. */
export const RALLY_YEAR_MIN = 2000;
export const RALLY_YEAR_MAX = 2100;

export const NUL_MESSAGE = 'Text must not contain NUL characters';
const hasNoNul = (v: string) => !v.includes('\0');

/** Text as typed, not trimmed (passwords, tokens, signatures), without NUL characters. */
export const rawText = (max: number) => z.string().max(max).refine(hasNoNul, NUL_MESSAGE);

/** Trimmed text of at most `max` characters, without NUL characters. */
export const text = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .max(max)
    .refine(hasNoNul, NUL_MESSAGE);

/** Trimmed text that must not be empty; `message` is shown when it is missing or empty. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max).refine(hasNoNul, NUL_MESSAGE);

/** Optional text: empty strings from forms are stored as null. */
export const optionalText = (max = 500) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An e-mail address (its format already excludes NUL characters). */
export const emailAddress = (message = 'Please enter a valid email address') => z.email({ error: message }).trim().max(254);

/** An http(s) URL; the URL parser accepts a NUL inside a path, so it is refused here. */
export const webUrl = (message = 'Must be a valid URL', max = 500) =>
  z
    .url({ error: message, protocol: /^https?$/ })
    .max(max)
    .refine(hasNoNul, NUL_MESSAGE);

/** A record id (a `serial` column), from JSON or from a path: a positive int4. */
export const recordId = () => z.coerce.number().int().positive().max(INT4_MAX);

/** A rally year, from JSON or a path. */
export const rallyYear = (message = 'Rally year is required') =>
  z.coerce
    .number({ error: message })
    .int('Rally year must be a whole number')
    .min(RALLY_YEAR_MIN, 'Rally year is out of range')
    .max(RALLY_YEAR_MAX, 'Rally year is out of range');

/** A bounded whole number that fits an int4 column (page numbers, counts). */
export const boundedInt = (min: number, max: number) => z.coerce.number().int().min(min).max(Math.min(max, INT4_MAX));

/** An amount of money in integer pence, positive, at most `max` (which fits an int4 column). */
export const pence = (max: number, tooBig?: string) =>
  z.number().int('Amount must be whole pence').positive('Amount must be greater than 0').max(Math.min(max, INT4_MAX), tooBig);
