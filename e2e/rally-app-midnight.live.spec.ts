import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { APIRequestContext } from '@playwright/test';
import { startSite, type RunningServer } from '../bench/processes';
import { embeddedDatabaseUrl } from '../src/server/db/embedded-postgres';
import { apiAs, expect, signInAs, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_MIDNIGHT_DATA_DIR, E2E_MIDNIGHT_PORT } from './support/env';
import { createClue, dayTwoClue } from './support/live-clues';
import { unique, openRallyApp } from './support/helpers';

/**
 * A hint or an answer made without signal at 23:50 on the first rally day and sent at 00:30 counts for its day
 * (issue 41). The site's clock is held (RALLY_CLOCK), and the phone dates its acts by the site's
 * clock, so the night has to pass on the site: this journey starts a site of its own at 23:50 (Paris
 * time, the rally's zone), and restarts it on the same data at 00:30 while the phone has no signal.
 */
test.describe.configure({ mode: 'serial' });

const site = `http://127.0.0.1:${E2E_MIDNIGHT_PORT}`;
const TEAM = 'Clueless in Cannes';
const BEFORE_MIDNIGHT = '2026-09-09T21:50:00Z'; // 23:50 on day 1 (9 September) in Paris
const AFTER_MIDNIGHT = '2026-09-09T22:30:00Z'; // 00:30 on day 2
const AFTER_GRACE = '2026-09-10T10:30:00Z'; // 12:30 on day 2: day 1's acts counted until 12:00 (actGraceHours, 12)

let running: RunningServer | null = null;
const startAt = async (clock: string, seed: boolean) => {
  running = await startSite({ DATA_DIR: E2E_MIDNIGHT_DATA_DIR, RALLY_CLOCK: clock, SEED_DEMO: seed ? '1' : '0' }, E2E_MIDNIGHT_PORT);
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(E2E_MIDNIGHT_DATA_DIR, { recursive: true, force: true });
  await startAt(BEFORE_MIDNIGHT, true);
});
test.afterAll(async () => {
  await running?.stop();
});

/** When the site keeps the team's hint as taken, from its database. */
async function hintTakenAt(clueId: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(path.join(E2E_MIDNIGHT_DATA_DIR, 'postgres')) });
  await client.connect();
  try {
    const { rows } = await client.query<{ made_at: Date }>('select made_at from clue_hint_takes where clue_id = $1', [clueId]);
    return rows.map((r) => r.made_at.toISOString());
  } finally {
    await client.end();
  }
}

test('a hint and an answer made without signal at 23:50 and sent at 00:30 count for their day: the answer can no longer be edited after midnight, says why, and the hint is charged to that day’s clue', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const hinted = `Late hint ${unique()}`;
  const answered = `Answered at 23:50 ${unique()}`;
  const admin: APIRequestContext = await apiAs(DEMO_ADMIN.email, site);
  const hintedId = await createClue(
    admin,
    dayTwoClue(hinted, { day: 1, releaseAt: '2026-09-09T16:00:00Z', hints: [{ text: 'Look across the bay at low tide', cost: 10 }] }),
  );
  const answeredId = await createClue(admin, dayTwoClue(answered, { day: 1, releaseAt: '2026-09-09T16:00:00Z' }));
  await admin.dispose();

  await page.clock.setFixedTime(new Date(BEFORE_MIDNIGHT));
  await signInAs(page, site, DEMO_RALLIER.email);
  const siteClockRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/health');
  await openRallyApp(page, `${site}/rally-app`);
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await siteClockRead;
  await expect(page.getByRole('heading', { name: "Today's clues (day 1)" })).toBeVisible();

  // 23:50, no signal: the hint is asked for and the answer written, and both wait on the phone.
  await context.setOffline(true);
  const hintCard = page.getByRole('region', { name: hinted });
  await hintCard.getByRole('button', { name: 'Take hint 1 (costs 10 points)' }).click();
  await expect(hintCard.getByText('You have no signal: the hint will cost 10 points when it is sent. Take it?')).toBeVisible();
  await hintCard.getByRole('button', { name: 'Yes, take it' }).click();
  await expect(hintCard.getByText('Hint 1: charged when sent (−10 points)')).toBeVisible();
  const answerCard = page.getByRole('region', { name: answered });
  await answerCard.getByLabel('Your answer').fill('Mont Saint Michel');
  await answerCard.getByRole('button', { name: 'Send answer' }).click();
  await expect(answerCard.getByText('Answer waiting to send: “Mont Saint Michel”')).toBeVisible();
  await expect(answerCard.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for signal: 2 to send' })).toBeVisible();

  // Forty minutes pass without signal: the site's clock is now 00:30 on day 2, and so is the phone's.
  await running!.stop();
  await startAt(AFTER_MIDNIGHT, false);
  await page.clock.setFixedTime(new Date(AFTER_MIDNIGHT));
  await expect(answerCard.getByRole('button', { name: 'Edit' })).toHaveCount(0, { timeout: 20_000 });
  await expect(answerCard.getByText("This clue's day is over, so the answer can no longer be changed")).toBeVisible();
  await expect(answerCard.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /to send|Sending/ })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: "Today's clues (day 2)" })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Yesterday's clues (day 1)" })).toBeVisible();
  await expect(page.getByText('still counts for day 1 when the phone sends it by 12:00')).toBeVisible();
  await expect(hintCard.getByText('Hint 1 (−10 points): Look across the bay at low tide')).toBeVisible();
  await expect(hintCard.getByLabel('Your answer')).toHaveCount(0);
  await expect(answerCard.getByText('Scored 50 points')).toBeVisible();
  await expect(page.getByTestId('score-hints')).toHaveText('-10');
  await expect(page.getByText('Could not be sent')).toHaveCount(0);

  // Kept with the times they were made on the phone, before midnight.
  expect(await hintTakenAt(hintedId)).toEqual(['2026-09-09T21:50:00.000Z']);
  const olivia = await apiAs(DEMO_RALLIER.email, site);
  const mine = (await (await olivia.get('/api/my-clues')).json()) as { clues: { id: number; answers: { answeredAt: string }[] }[] };
  await olivia.dispose();
  expect(mine.clues.find((c) => c.id === answeredId)?.answers.map((a) => a.answeredAt)).toEqual(['2026-09-09T21:50:00.000Z']);
});

test('a hint taken at 23:50 that reaches the site after the grace is refused, and the team reads why under “Could not be sent”', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  // The night again, on the same data: the site back at 23:50 on day 1.
  await running!.stop();
  await startAt(BEFORE_MIDNIGHT, false);
  const title = `Too late ${unique()}`;
  const admin = await apiAs(DEMO_ADMIN.email, site);
  const clueId = await createClue(
    admin,
    dayTwoClue(title, { day: 1, releaseAt: '2026-09-09T16:00:00Z', hints: [{ text: 'The abbey is on a rock', cost: 10 }] }),
  );
  await admin.dispose();

  await page.clock.setFixedTime(new Date(BEFORE_MIDNIGHT));
  await signInAs(page, site, DEMO_RALLIER.email);
  await openRallyApp(page, `${site}/rally-app`);
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await card.getByRole('button', { name: 'Take hint 1 (costs 10 points)' }).click();
  await card.getByRole('button', { name: 'Yes, take it' }).click();
  await expect(card.getByText('Hint 1: charged when sent (−10 points)')).toBeVisible();

  // No signal until 12:30 the next day: past the 12 hours after day 1's end.
  await running!.stop();
  await startAt(AFTER_GRACE, false);
  await page.clock.setFixedTime(new Date(AFTER_GRACE));
  await context.setOffline(false);

  const unsent = page.getByRole('alert').filter({ hasText: 'Could not be sent' });
  await expect(unsent).toContainText(
    "A hint made at 23:50: This arrived too late: something done without signal counts for its day when the phone sends it within 12 hours of that day's end.",
    { timeout: 30_000 },
  );
  await expect(unsent).toContainText('The hint was not taken and cost nothing.');
  await expect(page.getByRole('status').filter({ hasText: /to send|Sending/ })).toHaveCount(0);
  expect(await hintTakenAt(clueId)).toEqual([]);
});
