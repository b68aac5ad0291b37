import { expect, test, type Page } from '@playwright/test';
import { addDonation, adminApi, createTeam, type TeamFixture } from './support/fundraising';
import { unique } from './support/helpers';

// The public pages arrive server-rendered with their public data, so a phone shows them before
// its script has run; React then hydrates them in place.
let team: TeamFixture;
test.beforeAll(async () => {
  const api = await adminApi();
  team = await createTeam(api, { teamName: `SSR Team ${unique()}` });
  await addDonation(api, team.id, 2500);
  await api.dispose();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a phone shows a team, the leaderboard and the rally history as the server renders them', async ({ page }) => {
    await page.goto(`/donate/${team.id}`);
    await expect(page.getByRole('heading', { level: 1, name: team.teamName })).toBeVisible();
    await expect(page.getByText('£25.00').first()).toBeVisible();

    await page.goto('/leaderboard');
    await expect(page.getByTestId('leaderboard-row').filter({ hasText: team.teamName })).toContainText('£25.00');

    await page.goto('/rally/2018');
    await expect(page.getByRole('heading', { level: 1, name: 'Return to Monaco' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Monaco 2018: Return to Monaco' })).toBeVisible();
  });

  test('a server-rendered form cannot be sent by the browser alone, so a password never lands in the address', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  });
});

/** Errors in the console while the page is opened and hydrated. */
async function errorsWhileOpening(page: Page, address: string): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && errors.push(m.text()));
  const onError = (e: Error) => void errors.push(e.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  // The navigation bar asks who is signed in as soon as it is hydrated, perhaps before the page
  // below it is: both are waited for, so an answer arriving in between is covered too.
  const signedIn = page.waitForResponse((res) => res.url().endsWith('/api/auth/user'));
  await page.goto(address);
  await signedIn;
  // Hydrated: the page's buttons no longer wait (app.tsx, styles.css).
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return errors;
}

test('each public page is hydrated without an error, and then works as an app', async ({ page }) => {
  for (const address of ['/', '/teams', '/leaderboard', `/donate/${team.id}`, '/rally/2018', '/this-year', '/about', '/signup', '/login']) {
    expect(await errorsWhileOpening(page, address), address).toEqual([]);
  }
  // Hydrated: the server-rendered form can be used, the menu opens and a link moves to the next page
  // without loading a new document.
  await expect(page.getByLabel('Password')).toBeEnabled();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Fundraising' }).click();
  await expect(page.getByTestId('leaderboard-row').filter({ hasText: team.teamName })).toContainText('£25.00');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
