import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { insertTeam } from '../../test/factories';
import { startFakeJustGiving, type FakeJustGiving } from '../../test/fake-justgiving';
import { startWorkers } from '../../services/workers';
import { justGivingPages } from '../../db/schema';
import { JUSTGIVING_SYNC_CRON, JUSTGIVING_SYNC_QUEUE } from './worker';

let app: TestApp;
let jg: FakeJustGiving;
beforeAll(async () => {
  jg = await startFakeJustGiving();
  app = await createTestApp({ jobs: true, env: { JUSTGIVING_APP_ID: jg.appId, JUSTGIVING_API_URL: jg.url } });
  await startWorkers(app);
});
afterAll(async () => {
  await app.close();
  await jg.close();
});

it('schedules the sync every 15 minutes, and a queued run stores the page total', async () => {
  const schedules = await app.jobs!.getSchedules();
  expect(schedules.find((s) => s.name === JUSTGIVING_SYNC_QUEUE)?.cron).toBe(JUSTGIVING_SYNC_CRON);

  const team = await insertTeam(app.db, { justGivingUrl: 'https://www.justgiving.com/fundraising/queued-run' });
  jg.setPage('queued-run', { grandTotalRaisedExcludingGiftAid: '64.00' });
  await app.jobs!.send(JUSTGIVING_SYNC_QUEUE, {});
  await vi.waitFor(
    async () => {
      // Kept for organisers until one confirms the page is the team's.
      const [page] = await app.db.select().from(justGivingPages).where(eq(justGivingPages.signupId, team.id));
      expect(page?.total).toBe(6400);
    },
    { timeout: 15_000, interval: 200 },
  );
});
