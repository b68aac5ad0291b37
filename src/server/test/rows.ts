/** The one row a query in a test should have found; throws, naming the count, when it found another number. */
export function only<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (rows.length !== 1 || row === undefined) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

/** The first of the rows a query in a test should have found; throws when it found none. */
export function first<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('expected at least one row, got 0');
  return row;
}
