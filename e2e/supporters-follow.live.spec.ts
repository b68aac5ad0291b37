import { simpleParser } from 'mailparser';
import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_RALLIER, E2E_LIVE_CLOCK, E2E_LIVE_DATA_DIR } from './support/env';
import { expectAccessible, outboxMessagesTo, unique, openRallyApp } from './support/helpers';

const TEAM = 'Clueless in Cannes';

/** The newest message to `address` in the live site's file outbox whose subject matches, parsed. */
async function newestMail(address: string, subject: RegExp) {
  const find = () => outboxMessagesTo(address, E2E_LIVE_DATA_DIR).filter((m) => new RegExp(`^Subject: ${subject.source}`, 'm').test(m));
  await expect.poll(() => find().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return simpleParser(find().at(-1)!);
}

/** An address of the site's own, opened on the test's origin (the e-mail's origin is PUBLIC_URL). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

test("a supporter follows a team from its donate page, confirms from the e-mail, and the team's update from the rally app reaches them with a Donate button", async ({
  page,
  browser,
  signIn,
}) => {
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  const { team } = (await (await olivia.get('/api/my-clues')).json()) as { team: { id: number } };
  const supporter = `fan-${unique()}@supporters.example`;

  // The supporter, on their phone, follows the team from its donate page.
  await page.goto(`/donate/${team.id}`);
  await page.getByRole('button', { name: 'Follow this team' }).click();
  const form = page.getByRole('form', { name: `Follow ${TEAM}` });
  await form.getByLabel('Email').fill(supporter);
  await form.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please check your e-mail' })).toBeVisible();
  await expectAccessible(page);

  // The confirmation e-mail's link opens a page that confirms.
  const confirmation = await newestMail(supporter, /Please confirm: follow /);
  const confirmLink = /https?:\/\/\S+\/follow\/confirm\/[\w.-]+/.exec(confirmation.text ?? '')?.[0];
  expect(confirmLink).toBeTruthy();
  await page.goto(pathOf(confirmLink!));
  await expect(page.getByRole('heading', { level: 1, name: `You follow ${TEAM}` })).toBeVisible();

  // The team posts an update from the rally app.
  const teamContext = await browser.newContext({ baseURL: liveSite, viewport: { width: 390, height: 844 } });
  const phone = await teamContext.newPage();
  await phone.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await signIn(phone, DEMO_RALLIER.email);
  await openRallyApp(phone);
  const updates = phone.getByRole('region', { name: 'Post an update' });
  await expect(updates.getByTestId('follower-count')).toContainText(/follows? your updates by e-mail/);
  const words = `Over the Loire bridge at last (${unique()})`;
  await updates.getByLabel('Your update', { exact: true }).fill(words);
  await updates.getByRole('button', { name: 'Post update' }).click();
  await expect(updates.getByRole('list', { name: 'Your updates' }).getByRole('listitem').first()).toContainText(words);
  await teamContext.close();

  // The supporter's e-mail holds the update, and its Donate button opens the team's page.
  const news = await newestMail(supporter, new RegExp(`${TEAM}: news from the road`));
  expect(news.text).toContain(words);
  expect(news.text).toMatch(/Paris time \(CES?T\)/);
  expect(news.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const donate = new RegExp(`href="(https?://[^"]+/donate/${team.id})"`).exec(String(news.html))?.[1];
  expect(donate).toBeTruthy();
  await page.goto(pathOf(donate!));
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();

  // On /live, each team's update carries a way to follow it too.
  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await page.goto('/live');
  const card = page.getByRole('article', { name: `Update from ${TEAM}` }).filter({ hasText: words });
  await expect(card.getByRole('button', { name: `Follow this team (${TEAM})` })).toBeVisible();

  // And each team's row of the standings: another supporter follows from there.
  const second = `fan-${unique()}@supporters.example`;
  const row = page.getByTestId(`standing-${team.id}`);
  await row.getByRole('button', { name: `Follow this team (${TEAM})` }).click();
  const rowForm = row.getByRole('form', { name: `Follow ${TEAM}` });
  await rowForm.getByLabel('Email').fill(second);
  await rowForm.getByRole('button', { name: 'Follow' }).click();
  await expect(row.getByRole('status').filter({ hasText: 'Please check your e-mail' })).toBeVisible();
  expect((await newestMail(second, /Please confirm: follow /)).subject).toBe(`Please confirm: follow ${TEAM}`);
});
