import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { arriveFromSite, expectAccessible, holdAnswer } from './support/helpers';
import { addDonation, adminApi, createTeam, json, type TeamFixture } from './support/fundraising';
import { currentSite } from './support/signed-in';

let api: APIRequestContext;
let full: TeamFixture; // co-driver, car, sponsors, past rallies, a fundraising page, donations
let bare: TeamFixture; // driver only: no co-driver, no car, no fundraising page

test.beforeAll(async () => {
  api = await adminApi();
  full = await createTeam(
    api,
    {
      coDriverFirstName: 'Cass',
      coDriverLastName: 'Codriver',
      carMake: 'Volvo',
      carModel: '240 Estate',
      carYear: 1989,
      justGivingUrl: 'https://www.justgiving.com/page/e2e-full',
    },
    { sponsors: [{ name: 'E2E Garage', url: 'https://example.org/e2e-garage' }], previousRally: true, previousRallyYears: [2017, 2015] },
  );
  bare = await createTeam(api, {});
  await addDonation(api, full.id, 2500);
  await addDonation(api, full.id, 1000);
});
test.afterAll(() => api.dispose());

const card = (page: Page, teamName: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: teamName, exact: true }) });
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .first();

test.describe("Who's Registered", () => {
  test('shows a card per team with its public details', async ({ page }) => {
    await page.goto('/teams');
    await expect(page).toHaveTitle("Who's Registered | Jersey Charity Rally");
    await expect(page.getByRole('heading', { level: 1, name: "Who's Registered" })).toBeVisible();

    const c = card(page, full.teamName);
    await expect(c.getByText('Fern Fundraiser')).toBeVisible();
    await expect(c.getByText('Cass Codriver')).toBeVisible();
    await expect(c.getByText('1989 Volvo 240 Estate')).toBeVisible();
    const sponsor = c.getByRole('link', { name: /E2E Garage/ });
    await expect(sponsor).toHaveAttribute('href', 'https://example.org/e2e-garage');
    await expect(sponsor).toHaveAttribute('target', '_blank');
    await expect(c.getByText('Completed in...')).toBeVisible();
    const plates = c.getByRole('link', { name: /^\d{4} rally$/ });
    await expect(plates).toHaveCount(2);
    expect(await plates.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual(['/rally/2015', '/rally/2017']);

    const b = card(page, bare.teamName);
    await expect(b.locator('dd')).toHaveText(['Fern Fundraiser', 'TBC', 'TBC']);
    await expect(b.getByText('Completed in...')).toHaveCount(0);
    await expect(page.getByText('SECRET')).toHaveCount(0);
    await expectAccessible(page);

    await c.getByRole('link', { name: `Donate to ${full.teamName}` }).click();
    await expect(page).toHaveURL(`/donate/${full.id}`);
    await expect(page.getByRole('heading', { level: 1, name: full.teamName })).toBeVisible();
  });

  test('shows three skeleton cards while loading', async ({ page }) => {
    const release = await holdAnswer(page, '**/api/fundraising/teams');
    await arriveFromSite(page, '/teams');
    await expect(page.getByTestId('team-card-skeleton')).toHaveCount(3);
    release();
    await expect(card(page, full.teamName)).toBeVisible();
    await expect(page.getByTestId('team-card-skeleton')).toHaveCount(0);
  });

  test('says when no team has registered, and when the list cannot load', async ({ page }) => {
    await page.route('**/api/fundraising/teams', (route) => route.fulfill(json([])));
    await arriveFromSite(page, '/teams');
    await expect(page.getByRole('heading', { name: 'No Registrations Yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up 2026' }).last()).toHaveAttribute('href', '/signup');
    await expectAccessible(page);

    await page.unroute('**/api/fundraising/teams');
    await page.route('**/api/fundraising/teams', (route) => route.fulfill(json({ message: 'Internal Server Error' }, 500)));
    await arriveFromSite(page, '/teams');
    await expect(page.getByRole('heading', { name: 'Unable to Load Registrations' })).toBeVisible();
    await page.unroute('**/api/fundraising/teams');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(card(page, full.teamName)).toBeVisible();
  });
});

test.describe('the leaderboard', () => {
  test('ranks the teams with the totals the server computes', async ({ page }) => {
    const entries: { signupId: number; donationTotal: number }[] = await (await page.request.get('/api/leaderboard')).json();
    const total = entries.reduce((t, e) => t + e.donationTotal, 0);
    const withMoney = entries.filter((e) => e.donationTotal > 0).length;
    await page.goto('/leaderboard');
    await expect(page).toHaveTitle('Fundraising Leaderboard | Jersey Charity Rally');
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    await expect(page.getByRole('definition').first()).toHaveText(gbp.format(total / 100));
    await expect(page.getByRole('definition').nth(1)).toHaveText(String(withMoney));

    const rows = page.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(entries.length);
    await expect(rows.first()).toHaveAttribute('data-medal', 'gold');
    await expect(rows.first().getByRole('img', { name: 'Gold medal, rank 1' })).toBeVisible();
    const mine = rows.filter({ hasText: full.teamName });
    await expect(mine).toContainText('£35.00');
    await expect(mine).toContainText('2 donations');
    await expect(rows.filter({ hasText: bare.teamName })).toContainText('0 donations');
    await expectAccessible(page);

    await mine.getByRole('link', { name: `Donate to ${full.teamName}` }).click();
    await expect(page).toHaveURL(`/donate/${full.id}`);
  });

  test('gives medals only to the top three with money raised', async ({ page }) => {
    await page.route('**/api/fundraising/leaderboard', (route) =>
      route.fulfill(
        json([
          { signupId: 901, teamName: 'Alpha', donationTotal: 5000, donationCount: 1 },
          { signupId: 902, teamName: 'Bravo', donationTotal: 3000, donationCount: 4 },
          { signupId: 903, teamName: 'Charlie', donationTotal: 0, donationCount: 0 },
          { signupId: 904, teamName: 'Delta', donationTotal: 0, donationCount: 0 },
        ]),
      ),
    );
    await arriveFromSite(page, '/leaderboard');
    const rows = page.getByTestId('leaderboard-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toHaveAttribute('data-medal', 'gold');
    await expect(rows.nth(1)).toHaveAttribute('data-medal', 'silver');
    await expect(rows.nth(2)).not.toHaveAttribute('data-medal');
    await expect(rows.nth(2)).toContainText('Rank 3');
    await expect(page.getByRole('img', { name: /medal/ })).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('1 donation');
    await expect(rows.nth(0)).not.toContainText('1 donations');
    await expect(rows.nth(1)).toContainText('4 donations');
    await expect(page.getByRole('definition')).toHaveText(['£80.00', '2']);
    await expect(page.getByText('No Fundraising Yet')).toHaveCount(0);

    await page.unroute('**/api/fundraising/leaderboard');
    await page.route('**/api/fundraising/leaderboard', (route) =>
      route.fulfill(
        json([
          { signupId: 1, teamName: 'A', donationTotal: 900, donationCount: 1 },
          { signupId: 2, teamName: 'B', donationTotal: 800, donationCount: 1 },
          { signupId: 3, teamName: 'C', donationTotal: 700, donationCount: 1 },
          { signupId: 4, teamName: 'D', donationTotal: 600, donationCount: 1 },
        ]),
      ),
    );
    await arriveFromSite(page, '/leaderboard');
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(4);
    expect(await page.getByTestId('leaderboard-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-medal')))).toEqual([
      'gold',
      'silver',
      'bronze',
      null,
    ]);
  });

  test('shows three skeleton rows while loading, and an empty state', async ({ page }) => {
    const release = await holdAnswer(page, '**/api/fundraising/leaderboard');
    await arriveFromSite(page, '/leaderboard');
    await expect(page.getByTestId('leaderboard-row-skeleton')).toHaveCount(3);
    release();
    await expect(page.getByTestId('leaderboard-row').first()).toBeVisible();

    await page.unroute('**/api/fundraising/leaderboard');
    await page.route('**/api/fundraising/leaderboard', (route) => route.fulfill(json([])));
    await arriveFromSite(page, '/leaderboard');
    await expect(page.getByRole('heading', { name: 'No Fundraising Yet' })).toBeVisible();
    await expect(page.getByRole('definition')).toHaveText(['£0.00', '0']);
    await expect(page.getByTestId('leaderboard-row')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('the donate page', () => {
  test('shows the team and opens its fundraising page in a new tab', async ({ page }) => {
    await page.goto(`/donate/${full.id}`);
    await expect(page).toHaveTitle(`Donate to ${full.teamName} | Jersey Charity Rally`);
    await expect(page.getByRole('heading', { level: 1, name: full.teamName })).toBeVisible();
    for (const text of ['Fern Fundraiser', 'Cass Codriver', '1989 Volvo 240 Estate']) await expect(page.getByText(text)).toBeVisible();
    const out = page.getByRole('link', { name: /Donate on JustGiving/ });
    await expect(out).toHaveAttribute('href', 'https://www.justgiving.com/page/e2e-full');
    await expect(out).toHaveAttribute('target', '_blank');
    await expect(out).toHaveAttribute('rel', /noopener/);
    await expect(page.getByText(/has no online fundraising page yet/)).toHaveCount(0);
    // The supporters wall: the fixture's donations, never the donor's e-mail address.
    const wall = page.getByRole('region', { name: 'Supporters' });
    await expect(wall.getByRole('listitem').first()).toContainText('Dora Donor');
    await expect(wall).not.toContainText('dora@example.test');
    await expect(page.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Leaderboard' }).click();
    await expect(page).toHaveURL('/leaderboard');
  });

  test('a donor opens a team without JustGiving and finds how to give', async ({ page }) => {
    await page.goto(`/donate/${bare.id}`);
    await expect(page.getByRole('heading', { level: 1, name: bare.teamName })).toBeVisible();
    await expect(page.getByText('Co-Driver')).toHaveCount(0);
    await expect(page.getByText('Car', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /JustGiving/ })).toHaveCount(0);
    // Progress against the rally's minimum target, and the organisers' offline routes with this team's reference.
    await expect(page.getByRole('progressbar', { name: `Fundraising progress of ${bare.teamName}` })).toHaveAttribute(
      'aria-valuetext',
      /^£0\.00 raised of £1,000\.00/,
    );
    const ways = page.getByRole('region', { name: 'Ways to give' });
    await expect(ways).toContainText(`${bare.teamName} has no online fundraising page yet`);
    await expect(ways.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
    await expect(ways).toContainText(`RALLY-${bare.id}`);
    await expect(ways.getByRole('heading', { name: 'Cash or cheque' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(ways.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('shows a skeleton, then Team Not Found for an unknown team', async ({ page }) => {
    const release = await holdAnswer(page, '**/api/public/signup/*');
    await page.goto('/donate/99999999');
    await expect(page.getByLabel('Loading the team')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Team Not Found' })).toBeVisible();
    await expect(page.getByText("The team you're looking for doesn't exist.")).toBeVisible();
    await expect(page).toHaveTitle('Team Not Found | Jersey Charity Rally');
    await page.goto('/donate/not-a-number');
    await expect(page.getByRole('heading', { name: 'Team Not Found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'View Leaderboard' }).click();
    await expect(page).toHaveURL('/leaderboard');
  });

  test('gives link previews the team name', async ({ request }) => {
    const html = await (await request.get(`/donate/${full.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Donate to ${full.teamName} | Jersey Charity Rally" />`);
    expect(html).not.toContain('SECRET');
  });
});

test.describe('the donation thank-you page', () => {
  test('thanks the donor with the amount and the team', async ({ page }) => {
    await page.goto(`/donate/thank-you?signup_id=${full.id}&amount=2550`);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Donation!' })).toBeVisible();
    await expect(page.getByTestId('donation-amount')).toHaveText('£25.50');
    await expect(page.getByText(full.teamName).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'View Leaderboard' }).click();
    await expect(page).toHaveURL('/leaderboard');
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(`${currentSite()}/`);
  });

  test('shows a dash and "the team" when it knows neither', async ({ page }) => {
    await page.goto('/donate/thank-you');
    await expect(page.getByTestId('donation-amount')).toContainText('—');
    await expect(page.getByText('to the team')).toBeVisible();
  });

  test('shares through the device, or copies the link when it cannot', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: currentSite() });
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[]; shareMode: string };
      w.shared = [];
      w.shareMode = 'missing';
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        get: () =>
          w.shareMode === 'missing'
            ? undefined
            : async (data: unknown) => {
                if (w.shareMode === 'fail') throw new DOMException('Share failed', 'NotAllowedError');
                w.shared.push(data);
              },
      });
    });
    await page.goto(`/donate/thank-you?signup_id=${full.id}&amount=1000`);
    await expect(page.getByText(full.teamName).first()).toBeVisible();
    const link = `${currentSite()}/donate/${full.id}`;

    // No share function: the link is copied.
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(toast(page)).toContainText('Link Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The share function fails: the link is copied too.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.evaluate(() => {
      (window as unknown as { shareMode: string }).shareMode = 'fail';
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A working share function gets the title, text and link.
    await page.evaluate(() => {
      (window as unknown as { shareMode: string }).shareMode = 'ok';
    });
    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: { title: string; text: string; url: string }[] }).shared);
    expect(shared).toEqual([{ title: `Sponsor ${full.teamName}`, text: expect.stringContaining(full.teamName), url: link }]);
  });
});
