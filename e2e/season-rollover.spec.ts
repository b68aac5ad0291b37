import { expect, type Page } from '@playwright/test';
import { rallyDates, tripDates } from '../src/common/rally-dates';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_RALLY_CLOCK } from './support/env';
import { rallySettings } from './support/helpers';
import { test } from './support/signed-in';

/**
 * The season's dates and phase as organisers and ralliers meet them, on a site of its own (the
 * `season` project): the organiser moves the rally, it finishes, and the next season starts.
 * Days are picked around the site's season clock (E2E_RALLY_CLOCK), so the journey holds whenever it runs.
 */
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function saveDates(page: Page, days: { rallyStart: string; rallyEnd: string; tripStart: string; tripEnd: string }) {
  await page.goto('/admin/settings');
  await page.getByLabel('First rally day', { exact: true }).fill(days.rallyStart);
  await page.getByLabel('Last rally day', { exact: true }).fill(days.rallyEnd);
  await page.getByLabel('First day of the trip').fill(days.tripStart);
  await page.getByLabel('Last day of the trip').fill(days.tripEnd);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .first(),
  ).toContainText('Settings saved');
}

test('the organiser moves the rally, it finishes, and the next season starts with its facts to review', async ({ browser, signIn }) => {
  // Three people, eleven page loads and two settings saves: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  const { year } = await rallySettings(organiser.request);
  const now = Date.parse(E2E_RALLY_CLOCK);
  expect(new Date(now).getUTCFullYear(), "the site's clock is in the demo season's year").toBe(year);

  // The rally a week ahead (kept inside the season's year): every reading follows.
  const start = Math.min(now + 7 * DAY, Date.UTC(year, 11, 26));
  const ahead = {
    rallyStart: isoDay(start),
    rallyEnd: isoDay(start + 3 * DAY),
    tripStart: isoDay(start),
    tripEnd: isoDay(start + 4 * DAY),
  };
  await saveDates(organiser, ahead);
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('#home').getByText(rallyDates(ahead))).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Register Now' })).toBeVisible();
  await visitor.goto('/this-year');
  await expect(visitor.getByText(tripDates(ahead)).first()).toBeVisible();

  const rallier = await browser.newPage();
  await signIn(rallier, DEMO_RALLIER.email);
  await rallier.goto('/dashboard');
  await expect(rallier.getByText('Days until the rally')).toBeVisible();
  await expect(rallier.getByText(`, ${rallyDates(ahead)}`)).toBeVisible();

  // The rally's last day is past: the home page says so with the results, and registration is closed.
  const past = { rallyStart: `${year}-01-01`, rallyEnd: `${year}-01-04`, tripStart: `${year}-01-01`, tripEnd: `${year}-01-05` };
  await saveDates(organiser, past);
  await visitor.goto('/');
  const hero = visitor.locator('#home');
  await expect(hero.getByRole('status')).toContainText(`The ${year} rally has finished.`);
  await expect(hero.getByRole('link', { name: `The ${year} hunt, day by day` })).toHaveAttribute('href', `/rally/${year}`);
  await expect(visitor.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  await visitor.goto('/signup');
  await expect(visitor.getByRole('status').filter({ hasText: 'registration for it is closed' })).toContainText(
    `The ${year} rally has finished, and registration for it is closed. Registration for the ${year + 1} rally opens when its dates are announced.`,
  );
  await rallier.reload();
  await expect(rallier.getByRole('status').filter({ hasText: `The ${year} rally has finished.` })).toBeVisible();
  await expect(rallier.getByText(`Your ${year} rally is over`)).toBeVisible();

  // The organisers publish the results: on a phone, every page tells the rally over with its results.
  const { teams } = (await (await organiser.request.get(`/api/admin/results/${year}`)).json()) as { teams: { signupId: number }[] };
  const winner = teams[0]!.signupId;
  const saved = await organiser.request.put(`/api/admin/results/${year}`, {
    data: { results: [{ signupId: winner, rank: 1, carNumber: 1, score: 100 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await organiser.request.post(`/api/admin/results/${year}/publish`)).status()).toBe(200);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto('/');
  const phoneHero = phone.locator('#home');
  await expect(phoneHero.getByRole('status')).toContainText(`The ${year} rally has finished.`);
  await expect(phoneHero.getByRole('link', { name: `See the ${year} results` })).toHaveAttribute('href', `/rally/${year}`);
  await expect(phoneHero.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await expect(phone.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(phone.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: `Sign Up ${year}` })).toHaveCount(0);
  await phone.keyboard.press('Escape');
  await phone.goto('/live');
  await expect(phone.locator('main header')).toContainText(`The ${year} rally has finished. Here are the final standings`);
  await expect(phone.locator('main header')).not.toContainText('being counted');
  await expect(phone.getByRole('heading', { name: 'Final standings' })).toBeVisible();
  await phone.goto(`/rally/${year}`);
  await expect(phone.getByRole('heading', { name: `${year} Participants` })).toBeVisible();
  await expect(phone.locator('main')).not.toContainText('There was no rally that year');
  await phone.goto(`/donate/${winner}`);
  await expect(phone.locator('main')).toContainText(`This team took part in the`);

  // The next season: its copied facts are marked until the organiser saves them; the public waits.
  await organiser.goto('/admin/settings');
  await organiser.getByRole('button', { name: `Start the ${year + 1} season` }).click();
  await organiser.getByRole('button', { name: `Start ${year + 1}` }).click();
  await expect(organiser.getByText(`The ${year + 1} season has started with last season's facts.`)).toBeVisible();
  const marks = organiser.locator('form span', { hasText: /^Needs review$/ });
  await expect(marks).toHaveCount(10);
  await visitor.goto('/');
  await expect(visitor.locator('#home').getByRole('status')).toContainText(`The ${year + 1} rally is being prepared.`);
  await expect(visitor.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  // None of last season's facts, copied, is shown as the new season's: not its dates, place or edition.
  const copied = await rallySettings(organiser.request);
  await phone.goto('/');
  await expect(phone.locator('#home').getByRole('status')).toContainText(`The ${year + 1} rally is being prepared.`);
  for (const part of ['#home', '#join'])
    for (const fact of [rallyDates(copied), copied.routeLabel, copied.edition]) await expect(phone.locator(part)).not.toContainText(fact);
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const menu = phone.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: `${year + 1} Rally Overview` })).toBeVisible();
  await expect(menu.getByRole('link', { name: `Sign Up ${year + 1}` })).toHaveCount(0);
  await phone.keyboard.press('Escape');
  await phone.goto('/this-year');
  await expect(phone.locator('main')).toContainText(`The ${year + 1} rally is being prepared`);
  for (const fact of [tripDates(copied), copied.routeLabel, copied.edition]) await expect(phone.locator('main')).not.toContainText(fact);
  await phone.goto('/signup');
  await expect(phone.getByRole('status').filter({ hasText: 'is being prepared' })).toBeVisible();
  await expect(phone.locator('main')).not.toContainText(rallyDates(copied));
  await phone.goto('/live');
  await expect(phone.locator('main header')).toContainText(`The ${year + 1} rally is being prepared.`);
  // A last-season team's donate page stays in its own year.
  await phone.goto(`/donate/${winner}`);
  await expect(phone.locator('main')).toContainText(`This team took part in the ${copied.productName} ${year}`);
  await expect(phone.locator('main')).not.toContainText(`taking part in the ${copied.productName} ${year + 1}`);

  // Last season's rallier sees their rally over, never the new season's place or a deposit.
  await rallier.reload();
  await expect(rallier.getByText(`Your ${year} rally is over`)).toBeVisible();
  await expect(rallier.getByText(`Your place in the ${year + 1} rally is confirmed`)).toHaveCount(0);
  await expect(rallier.getByRole('button', { name: /Pay Deposit/ })).toHaveCount(0);
  await expect(rallier.getByRole('link', { name: /Pay deposit/i })).toHaveCount(0);

  // Saving is the review: the marks go and the home page takes registrations again.
  await organiser.getByRole('button', { name: 'Save Settings' }).click();
  await expect(marks).toHaveCount(0);
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Register Now' })).toBeVisible();
});
