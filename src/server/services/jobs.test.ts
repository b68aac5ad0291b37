import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/app';
import type { Database } from '../db/client';
import { startJobs, type Jobs } from './jobs';

let database: Database;
let jobs: Jobs;
beforeAll(async () => {
  database = await freshDatabase();
  jobs = await startJobs(database, { error: () => {} });
});
afterAll(async () => {
  await jobs.stop({ graceful: false, wait: true });
  await database.close();
});

/** A worker that looks for new jobs once a minute, after a first look that found one job. */
async function slowWorker(queue: string, done: string[]) {
  await jobs.createQueue(queue);
  await jobs.send(queue, { n: 'waiting' });
  await jobs.work<{ n: string }>(queue, { pollingIntervalSeconds: 60 }, async ([job]) => {
    done.push(job!.data.n);
  });
  // Its first look has found that job; from here it sleeps for a minute.
  await expect.poll(() => done).toEqual(['waiting']);
}

describe('a job queued by this process', () => {
  it('sent one at a time, starts without waiting for its worker’s next look', async () => {
    const done: string[] = [];
    await slowWorker('wake-on-send', done);
    await jobs.send('wake-on-send', { n: 'first' });
    await expect.poll(() => done, { timeout: 10_000 }).toEqual(['waiting', 'first']);
  });

  it('inserted in a batch, starts without waiting for its worker’s next look', async () => {
    const done: string[] = [];
    await slowWorker('wake-on-insert', done);
    await jobs.insert([{ name: 'wake-on-insert', data: { n: 'a' } }]);
    await expect.poll(() => done, { timeout: 10_000 }).toEqual(['waiting', 'a']);
  });
});
