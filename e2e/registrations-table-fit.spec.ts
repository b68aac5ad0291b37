import { DEMO_ADMIN } from './support/env';
import { expect, test } from './support/signed-in';
import { createTeam } from './support/fundraising';

test.use({ viewport: { width: 1280, height: 800 } });

test('the registrations table fits a 1280 px screen: the Raised column is in view without scrolling sideways', async ({ page, signIn }) => {
  // A name with no space to break at, as a team's may be: it must not push Raised out of view.
  await createTeam(page.request, { teamName: `Tyredandemotionalbutnevergivingup${Date.now()}` });
  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin');
  const table = page.getByRole('table', { name: 'Registrations' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const raised = table.getByRole('columnheader', { name: 'Raised' });
  await expect(raised).toBeInViewport({ ratio: 1 });
  // Nothing of the table is hidden in its scroll box, and the page itself does not scroll sideways.
  const hidden = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
  expect(hidden).toBeLessThanOrEqual(0);
  const box = (await raised.boundingBox())!;
  const frame = (await table.evaluate((t) => t.parentElement!.getBoundingClientRect().toJSON())) as DOMRect;
  expect(box.x + box.width).toBeLessThanOrEqual(frame.right);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Each team's amount is in view too.
  await expect(table.getByRole('row').nth(1).getByRole('cell').last()).toBeInViewport({ ratio: 1 });
});
