import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** A driver error as node-postgres gives it, wrapped as Drizzle wraps it. */
const wrapped = (fields: Record<string, string>) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(fields.message ?? ''), fields) });

describe('what counts as the database being away', () => {
  it('counts a server shutting down, a refused connection and a database closed to new connections', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '55000', message: 'database "rally" is not currently accepting connections' }))).toBe(
      true,
    );
  });
  it('does not count a fault in the request, even of the same class', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isDatabaseUnavailable(wrapped({ code: '55000', message: 'cannot refresh materialized view concurrently' }))).toBe(false);
  });
});
