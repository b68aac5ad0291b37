/**
 * The row a statement is certain to give: an INSERT or UPDATE ... RETURNING of one row, or an
 * aggregate SELECT (count, sum) that always answers one row. Throws when the database gave none,
 * which would mean a broken invariant rather than a missing record.
 */
export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected the database to return ${what}, got no row`);
  return row;
}

/** The rows of a raw `db.execute(...)` answer, which drizzle leaves untyped. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
