import type { APIRequestContext, Page } from '@playwright/test';
import type { RallySettings } from '../src/common/schemas/rally-settings';
import { formatDay, rallyDates } from '../src/common/rally-dates';
import { DEMO_ADMIN, E2E_LIVE_CLOCK } from './support/env';
import { rallySettings } from './support/helpers';
import { apiAs, expect, liveSite, test } from './support/signed-in';

/**
 * The season's story on a phone, phase by phase, on the live site (its clock on 10 September 2026):
 * the organisers' settings move the rally and registration around that instant, so each phase is
 * the site's "now". For each, what the home page, the menu, /signup, /live, /rally/{year} and a
 * team's donate page say, and that none of them says another phase's words. The settings are put
 * back afterwards, so the other live journeys keep their rally day. (The results published and the
 * next season being prepared: season-rollover.spec.ts, which may start a season.)
 */
test.describe.configure({ timeout: 120_000 });

let admin: APIRequestContext;
let original: RallySettings;
let teamId: number;
const year = Number(E2E_LIVE_CLOCK.slice(0, 4));

/** Days in the season's year around the site's clock (10 September). */
const ahead = { rallyStart: `${year}-12-10`, rallyEnd: `${year}-12-13`, tripStart: `${year}-12-10`, tripEnd: `${year}-12-14` };
const over = { rallyStart: `${year}-09-01`, rallyEnd: `${year}-09-04`, tripStart: `${year}-09-01`, tripEnd: `${year}-09-05` };

async function saveSettings(changes: Partial<RallySettings>) {
  const { year: _year, needsReview: _review, ...current } = original;
  const res = await admin.put('/api/admin/settings', { data: { ...current, ...changes } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async () => {
  admin = await apiAs(DEMO_ADMIN.email, liveSite);
  original = await rallySettings(admin);
  expect(original.year).toBe(year);
  const teams = (await (await admin.get('/api/fundraising/teams')).json()) as { id: number }[];
  teamId = teams[0]!.id;
});
test.afterAll(async () => {
  await saveSettings({});
  await admin.dispose();
});

type Story = {
  /** The home page's status line (null: none, registration simply open). */
  hero: string | null;
  /** The first screen's call: Register Now, Follow the Rally Live, or neither. */
  call: 'Register Now' | 'Follow the Rally Live' | null;
  /** Whether the menu offers "Sign Up {year}". */
  signUp: boolean;
  signup: string;
  live: string;
  rally: string;
  donate: string;
};

/** Words that belong to one phase only: none may show in another. */
const phaseWords = [
  'is being prepared',
  'opens on',
  'The rally is full',
  'is closed',
  'is on the road',
  'has finished',
  'Follow the teams on the road',
  'There was no rally that year',
] as const;

async function expectNone(page: Page, allowed: string[]) {
  const text = await page.locator('main').innerText();
  for (const words of phaseWords)
    if (!allowed.some((a) => a.includes(words))) expect(text, `${page.url()} says "${words}"`).not.toContain(words);
}

async function expectStory(page: Page, story: Story) {
  const allowed = Object.values(story).filter((v): v is string => typeof v === 'string');
  await page.goto('/');
  const hero = page.locator('#home');
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(`${original.productName} ${year}`);
  if (story.hero) await expect(hero.getByRole('status').first()).toContainText(story.hero);
  if (story.call) await expect(hero.getByRole('link', { name: story.call })).toBeVisible();
  for (const call of ['Register Now', 'Follow the Rally Live'])
    if (call !== story.call) await expect(hero.getByRole('link', { name: call })).toHaveCount(0);
  if (story.call === 'Follow the Rally Live') await expect(hero.getByRole('link', { name: story.call })).toHaveAttribute('href', '/live');
  if (!story.hero) await expect(hero.getByRole('status')).toHaveCount(0);
  await expectNone(page, allowed);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(menu.getByRole('link', { name: `Sign Up ${year}` })).toHaveCount(story.signUp ? 1 : 0);
  await page.keyboard.press('Escape');

  await page.goto('/signup');
  await expect(page.locator('main')).toContainText(story.signup);
  await expect(page.getByRole('button', { name: 'Submit Registration' })).toHaveCount(story.signUp ? 1 : 0);
  await expectNone(page, allowed);

  await page.goto('/live');
  await expect(page.locator('main header')).toContainText(story.live);
  await expectNone(page, allowed);

  await page.goto(`/rally/${year}`);
  await expect(page.locator('main')).toContainText(story.rally);
  await expectNone(page, allowed);

  await page.goto(`/donate/${teamId}`);
  await expect(page.locator('main')).toContainText(story.donate);
  await expectNone(page, allowed);
}

const takingPart = `This team is taking part in the ${'{product}'} ${year}`;
const donateText = (words: string) => words.replace('{product}', original.productName);

test('registration not yet open: every page says when it opens, and none offers Sign Up', async ({ page }) => {
  await saveSettings({ ...ahead, registrationOpensAt: `${year}-10-01T09:00:00Z`, registrationClosesAt: null });
  const opens = `Registration for the ${year} rally opens on ${formatDay(`${year}-10-01`)}.`;
  await expectStory(page, {
    hero: opens,
    call: null,
    signUp: false,
    signup: opens,
    live: `The rally starts on ${formatDay(ahead.rallyStart)}`,
    rally: `The ${year} rally is still ahead`,
    donate: donateText(takingPart),
  });
});

test('registration open: Register Now and Sign Up lead to the form', async ({ page }) => {
  await saveSettings({ ...ahead, registrationOpensAt: null, registrationClosesAt: null, carLimit: null });
  await expectStory(page, {
    hero: null,
    call: 'Register Now',
    signUp: true,
    signup: `${year} Team Registration`,
    live: `The rally starts on ${formatDay(ahead.rallyStart)}`,
    rally: `The ${year} rally is still ahead`,
    donate: donateText(takingPart),
  });
  await page.goto('/');
  await expect(page.locator('#home')).toContainText(rallyDates(ahead));
});

test('the rally full: the home page and the top of /signup say so, and teams join the waiting list', async ({ page }) => {
  await saveSettings({ ...ahead, registrationOpensAt: null, registrationClosesAt: null, carLimit: 1 });
  await expectStory(page, {
    hero: 'The rally is full: new teams join the waiting list',
    call: 'Register Now',
    signUp: true,
    signup: 'The rally is full: join the waiting list.',
    live: `The rally starts on ${formatDay(ahead.rallyStart)}`,
    rally: `The ${year} rally is still ahead`,
    donate: donateText(takingPart),
  });
});

test('registration closed before the rally: no page offers Sign Up', async ({ page }) => {
  await saveSettings({ ...ahead, registrationOpensAt: null, registrationClosesAt: `${year}-09-01T00:00:00Z`, carLimit: null });
  const closed = `Registration for the ${year} rally is closed.`;
  await expectStory(page, {
    hero: closed,
    call: null,
    signUp: false,
    signup: closed,
    live: `The rally starts on ${formatDay(ahead.rallyStart)}`,
    rally: `The ${year} rally is still ahead`,
    donate: donateText(takingPart),
  });
});

test('on the road, day 2: the first screen leads to /live, and every page counts the same day', async ({ page }) => {
  await saveSettings({ registrationOpensAt: null, registrationClosesAt: null });
  expect(original.rallyStart).toBe(`${year}-09-09`);
  await expectStory(page, {
    hero: `The ${year} rally is on the road: day 2 of 4.`,
    call: 'Follow the Rally Live',
    signUp: false,
    signup: `Registration for the ${year} rally is closed.`,
    live: 'Day 2 of 4. Follow the teams on the road',
    rally: `The ${year} rally is on the road: day 2 of 4.`,
    donate: donateText(takingPart),
  });
  await page.goto('/');
  await page.locator('#home').getByRole('link', { name: 'Follow the Rally Live' }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole('heading', { name: 'Where the teams are' })).toBeVisible();
});

test('over, results pending: the final standings on /live, and /rally/{year} tells the hunt and says the results are coming', async ({
  page,
}) => {
  await saveSettings({ ...over, registrationOpensAt: null, registrationClosesAt: null });
  await expectStory(page, {
    hero: `The ${year} rally has finished. Its results are being counted.`,
    call: null,
    signUp: false,
    signup: `The ${year} rally has finished, and registration for it is closed.`,
    live: `The ${year} rally has finished. Here are the final standings of the treasure hunt (the results are being counted).`,
    rally: `The ${year} rally has finished. Its results are being counted`,
    donate: `This team took part in the ${original.productName} ${year}`,
  });
  await page.goto('/');
  await expect(page.locator('#home').getByRole('link', { name: `The ${year} hunt, day by day` })).toHaveAttribute('href', `/rally/${year}`);
  await page.goto('/live');
  await expect(page.getByRole('heading', { name: 'Final standings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Where the teams are' })).toHaveCount(0);
  await page.getByRole('link', { name: `The ${year} rally, day by day` }).click();
  await expect(page).toHaveURL(new RegExp(`/rally/${year}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Its results are being counted' })).toBeVisible();
});
