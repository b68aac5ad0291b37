import { z } from 'zod';

/**
 * The small building blocks every input schema is made of, so the rules that keep bad input out
 * of the database live in one place:
 * - PostgreSQL text cannot hold a NUL character: text with one is refused with a 400 here rather
 *   than failing as a 500 in the database.
 * - Nor can it hold half of a UTF-16 surrogate pair, which JSON can carry ("\ud800"): jsonb refuses
 *   one (a 500), and a text column silently stores U+FFFD instead. Text must be well formed.
 * - Numbers are bounded by the columns they go into (int4 ids, sane years, pence within an int4).
 */

/** The largest value of a PostgreSQL `integer` (int4) column, and of a `serial` id. */
export const INT4_MAX = 2_147_483_647;
/** Rally years: the first Jersey rally was years after 2000, and nothing is planned past 2100. */
export const RALLY_YEAR_MIN = 2000;
export const RALLY_YEAR_MAX = 2100;

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const ILL_FORMED_MESSAGE = 'Text must not contain unpaired surrogate characters';

/**
 * Node 20 and current browsers have String.prototype.isWellFormed; the forms also run these
 * schemas in browsers a little older than it, where a lone surrogate is a code point of category Cs.
 */
const isWellFormed = (v: string) => (typeof v.isWellFormed === 'function' ? v.isWellFormed() : !/\p{Cs}/u.test(v));

/** The one rule every text input passes: no NUL, and well-formed UTF-16 (no lone surrogate). */
export const isStorableText = (v: string) => !v.includes('\0') && isWellFormed(v);

/** The one rule every text input passes: no NUL, and well-formed UTF-16 (no lone surrogate). */
export function storableText<T extends z.ZodType<string, any>>(schema: T): T {
  return schema.refine((v: string) => !v.includes('\0'), NUL_MESSAGE).refine(isWellFormed, ILL_FORMED_MESSAGE) as T;
}

/** Text as typed, not trimmed (passwords, tokens, signatures), that the database can store. */
export const rawText = (max: number) => storableText(z.string().max(max));

/** Trimmed text of at most `max` characters that the database can store. */
export const text = (max: number, message?: string) =>
  storableText(
    z
      .string(message ? { error: message } : undefined)
      .trim()
      .max(max),
  );

/** Trimmed text that must not be empty; `message` is shown when it is missing or empty. */
export const requiredText = (message: string, max = 200) => storableText(z.string({ error: message }).trim().min(1, message).max(max));

/** Optional text: empty strings from forms are stored as null. */
export const optionalText = (max = 500) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An e-mail address (its format already excludes NUL characters; the rule holds for it all the same). */
export const emailAddress = (message = 'Please enter a valid email address') => storableText(z.email({ error: message }).trim().max(254));

/** An http(s) URL; the URL parser accepts a NUL or a lone surrogate inside a path, so they are refused here. */
export const webUrl = (message = 'Must be a valid URL', max = 500) =>
  storableText(z.url({ error: message, protocol: /^https?$/ }).max(max));

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
