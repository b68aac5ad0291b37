import { describe, expect, it } from 'vitest';
import { waitForDatabase } from './wait-for-database';

/** What Drizzle throws when the pool cannot connect: its own message, the driver's error as `cause`. */
const unreachable = () =>
  new Error('Failed query: select 1\nparams: ', {
    cause: Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
  });

describe('waiting for a database that does not answer yet', () => {
  it('tries again after 1, 2, 4 s, saying why each time, and goes on once it answers', async () => {
    let tries = 0;
    const warnings: string[] = [];
    const waits: number[] = [];
    await waitForDatabase(
      async () => {
        tries += 1;
        if (tries <= 3) throw unreachable();
      },
      { setting: 'DATABASE_URL', warn: (m) => warnings.push(m), sleep: async (ms) => void waits.push(ms) },
    );
    expect(tries).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(warnings[0]).toBe('the database at DATABASE_URL does not answer (getaddrinfo ENOTFOUND db); trying again in 1 s');
  });

  it('does not wait on an error that is not an outage, nor past its time', async () => {
    const wrongPassword = Object.assign(new Error('password authentication failed for user "rally"'), { code: '28P01' });
    const noWait = { setting: 'DATABASE_URL', warn: () => {}, sleep: async () => {} };
    await expect(waitForDatabase(() => Promise.reject(wrongPassword), noWait)).rejects.toBe(wrongPassword);
    await expect(waitForDatabase(() => Promise.reject(unreachable()), { ...noWait, giveUpAfterMs: 3000 })).rejects.toThrow('Failed query');
  });
});
