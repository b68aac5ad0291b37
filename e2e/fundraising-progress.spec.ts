import { expect } from '@playwright/test';
import { DEMO_RALLIER } from './support/env';
import { expectAccessible } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

test('the leaderboard and the teams show progress against targets', async ({ page }) => {
  await page.goto('/leaderboard');
  const event = page.getByRole('progressbar', { name: 'Event fundraising progress' });
  await expect(event).toHaveAttribute('aria-valuetext', /raised of £25,000\.00/);
  const rows = page.getByTestId('leaderboard-row');
  await expect(rows.first().getByRole('progressbar')).toHaveAttribute('aria-valuetext', /raised of £[\d,]+\.00/);
  await expect(page.getByRole('progressbar')).toHaveCount((await rows.count()) + 1);
  await expectAccessible(page);

  await page.goto('/teams');
  const card = page.getByRole('listitem').filter({ hasText: 'Clueless in Cannes' });
  await expect(card.getByRole('progressbar', { name: 'Fundraising progress of Clueless in Cannes' })).toHaveAttribute(
    'aria-valuemax',
    /^\d+$/,
  );
  await expectAccessible(page);
});

test('a team raises its target and tells its story; the donate page shows both', async ({ page, signIn }) => {
  await signIn(page, DEMO_RALLIER.email);
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Target and story' });
  await form.getByLabel('Fundraising target (£)').fill('10');
  await form.getByRole('button', { name: 'Save Target and Story' }).click();
  await expect(form.getByText("The target can't be below the rally minimum of £1,000.00")).toBeVisible();
  await form.getByLabel('Fundraising target (£)').fill('3000');
  await form.getByLabel('Your story').fill('We drive for the hospice.\nEvery mile counts!');
  await form.getByRole('button', { name: 'Save Target and Story' }).click();
  await expect(page.getByRole('progressbar', { name: 'Your fundraising progress' })).toHaveAttribute('aria-valuemax', '300000');
  await expectAccessible(page);

  const me = await (await page.request.get('/api/my-signup')).json();
  await page.goto(`/donate/${me.id}`);
  await expect(page.getByRole('progressbar', { name: `Fundraising progress of ${me.teamName}` })).toHaveAttribute(
    'aria-valuetext',
    /raised of £3,000\.00/,
  );
  await expect(page.getByRole('region', { name: 'Our story' })).toContainText('We drive for the hospice.');
});
