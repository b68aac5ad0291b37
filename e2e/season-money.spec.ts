import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { moneyStory, type MoneyStory } from '../src/common/money-story';
import type { RallySettings } from '../src/common/schemas/rally-settings';
import { DEMO_ADMIN } from './support/env';
import { adminApi } from './support/fundraising';
import { driverWithTeam, outboxMessagesTo, rallySettings, unique } from './support/helpers';
import { test } from './support/signed-in';

// One season's figures, set in the first journey and read by the next: they run in order.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let original: RallySettings;
let story: MoneyStory;

test.beforeAll(async ({ request }) => {
  original = await rallySettings(request);
});

// Other journeys read the same site: the settings go back as they were.
test.afterAll(async () => {
  const api = await adminApi();
  const { year: _year, ...edit } = original;
  expect((await api.put('/api/admin/settings', { data: edit })).status()).toBe(200);
  await api.dispose();
});

/** The sentence is on the page, word for word. */
const shows = (page: Page, sentence: string) => expect(page.getByText(sentence).first()).toBeVisible();

test('an organiser changes the deposit, entry cost and minimums; the public pages and the signup form tell the new figures alike', async ({
  browser,
  signIn,
}) => {
  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  await organiser.goto('/admin/settings');
  await expect(organiser.getByLabel('Deposit (£)')).toHaveValue(String(original.depositAmountPence / 100));
  await organiser.getByLabel('Deposit (£)').fill('450');
  await organiser.getByLabel('Entry cost per team (£)').fill('1750');
  await organiser.getByLabel('Cost note').fill('The balance is due by 1 July.');
  await organiser.getByLabel('Minimum sponsorship per car (£)').fill('600');
  await organiser.getByLabel('Minimum fundraising per team (£)').fill('1200');
  await organiser.getByRole('button', { name: 'Save Settings' }).click();
  await expect(
    organiser
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .first(),
  ).toContainText('Settings saved');

  story = moneyStory(await rallySettings(organiser.request));
  expect(story.depositText).toContain('The £450 deposit');
  expect(story.fundraisingText).toContain('at least £1,200');
  expect(story.fundraisingText).toContain('£600 of sponsorship');
  expect(story.entryCostText).toContain('£1,750 per team');

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await shows(visitor, story.summary);

  await visitor.goto('/about');
  for (const sentence of [story.entryCostText, story.depositText, story.fundraisingText]) await shows(visitor, sentence);

  await visitor.goto('/this-year');
  const facts = visitor.getByRole('region', { name: 'Costs and fundraising' });
  for (const sentence of [story.entryCostText, story.depositText, story.fundraisingText]) await expect(facts).toContainText(sentence);

  await visitor.goto('/signup');
  const signupFacts = visitor.getByRole('region', { name: 'Costs and fundraising' });
  for (const sentence of [story.entryCostText, story.depositText, story.fundraisingText]) await expect(signupFacts).toContainText(sentence);
  await expect(visitor.getByText(/£500|£1,000\b/)).toHaveCount(0);
});

test("a driver's dashboard, e-mail and donate page use the same words, and the deposit form starts at the new deposit", async ({
  browser,
  signIn,
}) => {
  // A driver registers: the dashboard and the confirmation e-mail use the same words.
  const email = `money-${unique()}@example.test`;
  const teamName = `Money Story ${unique()}`;
  const rallier = await browser.newPage();
  await driverWithTeam(rallier, { firstName: 'Mo', lastName: 'Ney', email, teamName });
  // The dashboard is drawn once the team has loaded (slow on a busy machine).
  await expect(rallier.getByText('Registered', { exact: true })).toBeVisible({ timeout: 30_000 });
  await shows(rallier, story.depositStep);
  await shows(rallier, story.fundraisingStep);
  await expect(rallier.getByText(/£500|£1,000\b/)).toHaveCount(0);
  const confirmation = async () =>
    (await Promise.all(outboxMessagesTo(email).map(async (m) => (await simpleParser(m)).text ?? ''))).join('\n');
  await expect.poll(confirmation).toContain(story.entryCostText);

  // The team's donate page tells sponsors the same minimum.
  const { id } = (await (await rallier.request.get('/api/my-signup')).json()) as { id: number };
  const visitor = await browser.newPage();
  await visitor.goto(`/donate/${id}`);
  await shows(visitor, story.donorText);
  expect(story.donorText).toContain('£1,200');

  // The organiser's deposit form starts at the new deposit.
  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  await organiser.goto('/admin#registrations');
  await organiser.getByLabel('Missing').selectOption('deposit');
  await organiser.getByRole('table', { name: 'Registrations' }).getByRole('button', { name: teamName, exact: true }).click();
  await expect(organiser.getByRole('article', { name: teamName }).getByLabel('Deposit (£)')).toHaveValue('450');
});
