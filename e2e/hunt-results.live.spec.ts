import type { Page } from '@playwright/test';
import { DEMO_ADMIN, E2E_LIVE_CLOCK } from './support/env';
import { expectAccessible, unique } from './support/helpers';
import { expect, test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

const TEAM = 'Clueless in Cannes';
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

/**
 * On the live site (day 2 of the demo rally): an organiser gives the demo team a penalty from the
 * standings, the public standings carry its points but not its reason, and the organiser takes it
 * back; the results screen's "Fill from the treasure hunt" waits for the rally's last day to end.
 * The state after the rally (the fill itself, the day-by-day story) is covered by the API tests
 * (results/hunt-fill.test.ts, clues/day-story.test.ts) and the screens' jsdom tests: no journey
 * site's clock stands after the rally.
 */
test('an organiser gives a team a penalty and takes it back; results from the hunt wait for the end of the rally', async ({
  page,
  signIn,
}) => {
  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  const reason = `Parked on the yellow lines ${unique()}`;
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/clues');
  await expect(page.getByRole('heading', { name: 'Standings' })).toBeVisible();
  await page.getByRole('button', { name: `Penalty for ${TEAM}` }).click();
  const form = page.getByRole('form', { name: `Penalty for ${TEAM}` });
  await form.getByLabel('Points').fill('10');
  await form.getByLabel('Reason (the team reads it)').fill(reason);
  await form.getByLabel('Rally day').selectOption('2');
  await form.getByRole('button', { name: 'Give penalty' }).click();
  await expect(toast(page)).toContainText(`${TEAM}: −10`);
  const listed = page.getByRole('listitem').filter({ hasText: reason });
  await expect(listed).toContainText(`${TEAM} −10 (day 2)`);
  await expectAccessible(page);

  const publicStandings = await page.request.get('/api/clues/standings');
  expect(await publicStandings.text()).not.toContain(reason);
  const line = (await publicStandings.json()).teams.find((t: { teamName: string }) => t.teamName === TEAM);
  expect(line.penalties).toBeGreaterThanOrEqual(10);

  await listed.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove penalty' }).click();
  await expect(toast(page)).toContainText('10 points given back');
  await expect(page.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);

  await page.goto('/admin/results');
  const fill = page.getByRole('button', { name: 'Fill from the treasure hunt' });
  await expect(fill).toBeDisabled();
  await expect(page.getByText(/Available from Sunday,? 13 September 2026, once the rally's last day is over/)).toBeVisible();
});
