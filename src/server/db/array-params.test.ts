import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../test/app';
import type { Database } from './client';
import { intArray, textArray } from './array-params';

describe('array parameters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('carry any text, quotes, backslashes, commas and braces included, and integers, as one array each', async () => {
    const texts = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', '', 'NULL'];
    const result = await database.db.execute(sql`select ${textArray(texts)} as texts, ${intArray([3, -1, 0])} as ints`);
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ texts, ints: [3, -1, 0] });
  });
});
