import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_LIVE_CLOCK } from './support/env';
import { expectAccessible, unique, openRallyApp } from './support/helpers';
import { createClue, dayTwoClue } from './support/live-clues';

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

type MyClue = { id: number; answers: unknown[] };

const TEAM = 'Clueless in Cannes';

async function answerText(page: Page, title: string, text: string) {
  const card = page.getByRole('region', { name: title });
  await card.getByLabel('Your answer').fill(text);
  await card.getByRole('button', { name: 'Send answer' }).click();
}

/**
 * The live rally's whole journey (issue 32), four phones at once: the team's rally app, a
 * supporter's /live page (not signed in), the organisers' control room, and the organisers' API.
 */
test("the team's phone keeps answers, a photo and an update made without signal and sends each once; supporters and organisers see the results without reloading", async ({
  page,
  context,
  browser,
  signIn,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  const tag = unique();
  const titles = { online: `Abbey ${tag}`, second: `Bay ${tag}`, third: `Island ${tag}`, photo: `Ramparts ${tag}` };
  const ids = {
    online: await createClue(admin, dayTwoClue(titles.online)),
    second: await createClue(admin, dayTwoClue(titles.second)),
    third: await createClue(admin, dayTwoClue(titles.third, { hints: [{ text: 'It is in Normandy', cost: 10 }] })),
    photo: await createClue(admin, dayTwoClue(titles.photo, { answerKind: 'photo', acceptedAnswers: [], points: 80 })),
  };
  // The journey's site keeps its data between runs: the scores are checked from where they stand now.
  const mine = (await (await olivia.get('/api/my-clues')).json()) as { team: { id: number }; score: { total: number } };
  const before = mine.score.total;
  const standings = (await (await olivia.get('/api/clues/standings')).json()) as { teams: { signupId: number; total: number }[] };
  const publicBefore = standings.teams.find((t) => t.signupId === mine.team.id)!.total;

  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await signIn(page, DEMO_RALLIER.email);
  await openRallyApp(page);
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await expect(page.getByRole('region', { name: titles.online })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Messages from the organisers',
    'Safety',
    'SOS',
    'Your score',
    /^Today's clues/,
    'Post an update',
    'Standings',
    'Position sharing',
  ]);
  await expectAccessible(page);
  // The service worker takes the page over and keeps it and its reads for a visit without signal.
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-page')).match('/rally-app')), undefined, {
    timeout: 20_000,
  });
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-data')).match('/api/my-clues')));
  // Its script carries the organisers' messages as notifications.
  const worker = await (await page.request.get('/sw.js')).text();
  const pushScript = /importScripts\("([^"]+)"\)/.exec(worker)?.[1];
  expect(await (await page.request.get(pushScript!)).text()).toContain('"push"');

  // A supporter, not signed in, follows the rally on /live; an organiser has the control room open.
  const supporterContext = await browser.newContext({ baseURL: liveSite });
  const supporter = await supporterContext.newPage();
  await supporter.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await supporter.goto('/live');
  const row = supporter.getByRole('row').filter({ has: supporter.getByRole('link', { name: TEAM, exact: true }) });
  await expect(row.getByRole('cell').last()).toHaveText(String(publicBefore));
  const organiserContext = await browser.newContext({ baseURL: liveSite });
  await signIn(organiserContext, DEMO_ADMIN.email);
  const organiser = await organiserContext.newPage();
  const controlRoomStream = organiser.waitForResponse((r) => r.url().endsWith('/api/admin/live-events'));
  await organiser.goto('/admin/control-room');
  await expect(organiser.getByRole('listitem', { name: TEAM })).toBeVisible();
  await controlRoomStream;

  // With signal: scored at once.
  await answerText(page, titles.online, 'Mont Saint Michel');
  await expect(page.getByRole('region', { name: titles.online }).getByText('Scored 50 points')).toBeVisible();

  // Without signal: a hint, two answers, a photo and an update with a photo wait on the phone.
  await context.setOffline(true);
  const third = page.getByRole('region', { name: titles.third });
  await third.getByRole('button', { name: 'Take hint 1 (costs 10 points)' }).click();
  await expect(third.getByText('You have no signal: the hint will cost 10 points when it is sent. Take it?')).toBeVisible();
  await third.getByRole('button', { name: 'Yes, take it' }).click();
  await expect(third.getByText('Hint 1: charged when sent (−10 points)')).toBeVisible();
  await answerText(page, titles.second, 'mont saint-michel');
  await answerText(page, titles.third, 'Mont-Saint-Michel');
  await page
    .getByRole('region', { name: titles.photo })
    .getByLabel('Take a photo')
    .setInputFiles({ name: 'ramparts.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#1f4e86') });
  const words = `Made it to the ramparts (${tag}): no signal up here!`;
  const updates = page.getByRole('region', { name: 'Post an update' });
  await updates.getByLabel('Your update', { exact: true }).fill(words);
  await updates.getByLabel('Photo (optional)').setInputFiles({ name: 'us.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#d9412b') });
  await updates.getByRole('button', { name: 'Post update' }).click();
  await expect(updates.getByText('Update waiting to send')).toBeVisible();
  const queueLine = page.getByRole('status').filter({ hasText: /to send|Sending/ });
  await expect(queueLine).toHaveText('Waiting for signal: 5 to send');
  for (const title of [titles.second, titles.third, titles.photo])
    await expect(page.getByRole('region', { name: title }).getByText('Answer waiting to send')).toBeVisible();

  // Opened again without signal: the clues and the waiting acts are still there, from the copies the
  // service worker kept (a clue added meanwhile on the site is not among them).
  const later = `Harbour ${tag}`;
  await createClue(admin, dayTwoClue(later));
  await page.reload();
  await expect(page.getByRole('region', { name: titles.second })).toBeVisible();
  await expect(queueLine).toHaveText('Waiting for signal: 5 to send');
  await expect(page.getByRole('region', { name: later })).toHaveCount(0);

  // Signal back: each is sent, and scored or waiting for an organiser.
  await context.setOffline(false);
  await expect(queueLine).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: titles.second }).getByText('Scored 50 points')).toBeVisible();
  await expect(page.getByRole('region', { name: titles.third }).getByText('Scored 50 points')).toBeVisible();
  await expect(page.getByRole('region', { name: titles.photo }).getByText('Photo waiting for an organiser')).toBeVisible();
  await expect(third.getByText('It is in Normandy')).toBeVisible();
  await expect(page.getByTestId('score-total')).toHaveText(String(before + 150 - 10));
  await expect(page.getByRole('region', { name: later })).toBeVisible();
  await expect(updates.getByRole('list', { name: 'Your updates' }).getByRole('listitem').first()).toContainText(words);

  // Each clue has exactly one answer: no retry scored twice.
  const answered = (await (await olivia.get('/api/my-clues')).json()) as { clues: MyClue[] };
  for (const id of Object.values(ids)) expect(answered.clues.find((c) => c.id === id)?.answers).toHaveLength(1);

  // The update reached the supporter's open page, with its photo.
  const card = supporter.getByRole('article', { name: `Update from ${TEAM}` }).filter({ hasText: words });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `Photo from ${TEAM}` })).toBeVisible();

  // An organiser approves the photo: the team's app and the supporter's page show it, neither reloaded.
  const waiting = (await (await admin.get('/api/admin/clues/photos')).json()) as { id: number; clueId: number }[];
  const photo = waiting.find((p) => p.clueId === ids.photo)!;
  expect((await admin.post(`/api/admin/clues/photos/${photo.id}/approve`)).status()).toBe(200);
  await expect(page.getByRole('region', { name: titles.photo }).getByText('Scored 80 points')).toBeVisible();
  await expect(page.getByTestId('score-total')).toHaveText(String(before + 230 - 10));
  await expect(row.getByRole('cell').last()).toHaveText(String(publicBefore + 230 - 10));
  const standing = page.getByRole('region', { name: 'Standings' }).locator('li[aria-current="true"]');
  await expect(standing).toContainText(`${publicBefore + 230 - 10} pts`);

  // At the clue's place (the phone is at St Malo): the place is marked visited.
  await page.getByRole('region', { name: titles.online }).getByRole('button', { name: "I'm here" }).click();
  await expect(page.getByRole('region', { name: titles.online }).getByText('Place visited')).toBeVisible();

  // An SOS from the rally app: the open control room shows it at once, with where the phone is.
  const safety = page.getByRole('region', { name: 'Safety' });
  await safety.getByRole('button', { name: 'SOS' }).click();
  const note = `Stuck on the causeway (${tag})`;
  await safety.getByLabel('What happened (optional)').fill(note);
  await safety.getByRole('button', { name: 'Yes, send SOS' }).click();
  await expect(safety.getByText(/SOS sent at \d\d:\d\d/)).toBeVisible();
  const alert = organiser.getByRole('list', { name: 'Open SOS alerts' }).getByRole('listitem').filter({ hasText: note });
  await expect(alert).toBeVisible({ timeout: 5_000 });
  await expect(alert).toContainText(`SOS: ${TEAM}`);
  await expect(alert).toContainText('48.649');
  // Resolved, so the team's next SOS button is there on the next run.
  await alert.getByRole('button', { name: 'Mark resolved' }).click();
  await alert.getByLabel(/How was it resolved/).fill('Towed off the causeway');
  await alert.getByRole('button', { name: 'Resolve with this note' }).click();
  await expect(alert).toBeHidden();

  await Promise.all([supporterContext.close(), organiserContext.close(), admin.dispose(), olivia.dispose()]);
});

test("the team's phone shows its name and clues as the site sends the page, before the app's code has run, and then the app works", async ({
  page,
  signIn,
}) => {
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const title = `Quay ${unique()}`;
  await createClue(admin, dayTwoClue(title));
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await signIn(page, DEMO_RALLIER.email);
  // The page as the server sent it, before any script: the team's own page, not a loading screen.
  const sent = await (await page.request.get('/rally-app')).text();
  expect(sent).toContain('<div id="root" data-ssr>');
  expect(sent).toContain(`>${TEAM}</h1>`);
  expect(sent).toContain(title);
  // A page drawn from an old copy is read again once hydrated (the phone's kept copy may be older).
  const readAgain = page.waitForResponse((res) => res.url().endsWith('/api/my-clues'));
  await page.goto('/rally-app');
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  await readAgain;
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await expect(page.getByRole('region', { name: title }).getByLabel('Your answer')).toBeEnabled();
  // Hydrated without a mismatch or any other error.
  expect(errors).toEqual([]);

  // The copy of the page the phone keeps holds the team's clues: logging out forgets it.
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-page')).match('/rally-app')), undefined, {
    timeout: 20_000,
  });
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: "You're Logged Out" })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('rally-app-') && name !== 'rally-app-assets')),
    )
    .toEqual([]);
});
