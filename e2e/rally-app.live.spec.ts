import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_LIVE_CLOCK } from './support/env';
import { expectAccessible, unique } from './support/helpers';

type MyClue = { id: number; answers: unknown[] };

/** A clue for day 2 (10 September 2026), released before the site's clock, at St Malo where the phone is. */
const clue = (title: string, fields: Record<string, unknown> = {}) => ({
  day: 2,
  title,
  body: `Which abbey stands on a tidal island in the bay? (${title})`,
  releaseAt: '2026-09-10T09:00:00Z',
  place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
  radiusMetres: 500,
  points: 50,
  answerKind: 'text',
  acceptedAnswers: ['Mont-Saint-Michel'],
  hints: [],
  ...fields,
});

async function createClue(admin: APIRequestContext, fields: object): Promise<number> {
  const res = await admin.post('/api/admin/clues', { data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function answerText(page: Page, title: string, text: string) {
  const card = page.getByRole('region', { name: title });
  await card.getByLabel('Your answer').fill(text);
  await card.getByRole('button', { name: 'Send answer' }).click();
}

test("on the team's phone, the rally app keeps a hint, answers and a photo made without signal and sends each once when the signal is back", async ({
  page,
  context,
  signIn,
}) => {
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  const tag = unique();
  const titles = { online: `Abbey ${tag}`, second: `Bay ${tag}`, third: `Island ${tag}`, photo: `Ramparts ${tag}` };
  const ids = {
    online: await createClue(admin, clue(titles.online)),
    second: await createClue(admin, clue(titles.second)),
    third: await createClue(admin, clue(titles.third, { hints: [{ text: 'It is in Normandy', cost: 10 }] })),
    photo: await createClue(admin, clue(titles.photo, { answerKind: 'photo', acceptedAnswers: [], points: 80 })),
  };
  // The journey's site keeps its data between runs: the score is checked from where it stands now.
  const before = ((await (await olivia.get('/api/my-clues')).json()) as { score: { total: number } }).score.total;

  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await signIn(page, DEMO_RALLIER.email);
  await page.goto('/rally-app');
  await expect(page.getByRole('heading', { level: 1, name: 'Clueless in Cannes' })).toBeVisible();
  await expect(page.getByRole('region', { name: titles.online })).toBeVisible();
  await expectAccessible(page);
  // The service worker takes the page over and keeps it and its reads for a visit without signal.
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-page')).match('/rally-app')), undefined, {
    timeout: 20_000,
  });
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-data')).match('/api/my-clues')));

  // With signal: scored at once.
  await answerText(page, titles.online, 'Mont Saint Michel');
  await expect(page.getByRole('region', { name: titles.online }).getByText('Scored 50 points')).toBeVisible();

  // Without signal: a hint, two answers and a photo wait on the phone.
  await context.setOffline(true);
  const third = page.getByRole('region', { name: titles.third });
  await third.getByRole('button', { name: 'Take hint 1 (costs 10 points)' }).click();
  await third.getByRole('button', { name: 'Yes, take it' }).click();
  await expect(third.getByText('Hint 1: waiting to send')).toBeVisible();
  await answerText(page, titles.second, 'mont saint-michel');
  await answerText(page, titles.third, 'Mont-Saint-Michel');
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1f4e86' } })
    .jpeg()
    .toBuffer();
  await page
    .getByRole('region', { name: titles.photo })
    .getByLabel('Take a photo')
    .setInputFiles({ name: 'ramparts.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('status')).toHaveText('Waiting for signal: 4 to send');
  for (const title of [titles.second, titles.third, titles.photo])
    await expect(page.getByRole('region', { name: title }).getByText('Answer waiting to send')).toBeVisible();

  // Opened again without signal: the clues and the waiting acts are still there, from the copies the
  // service worker kept (a clue added meanwhile on the site is not among them).
  const later = `Harbour ${tag}`;
  await createClue(admin, clue(later));
  await page.reload();
  await expect(page.getByRole('region', { name: titles.second })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Waiting for signal: 4 to send');
  await expect(page.getByRole('region', { name: later })).toHaveCount(0);

  // Signal back: each is sent, and scored or waiting for an organiser.
  await context.setOffline(false);
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: titles.second }).getByText('Scored 50 points')).toBeVisible();
  await expect(page.getByRole('region', { name: titles.third }).getByText('Scored 50 points')).toBeVisible();
  await expect(page.getByRole('region', { name: titles.photo }).getByText('Photo waiting for an organiser')).toBeVisible();
  await expect(third.getByText('It is in Normandy')).toBeVisible();
  await expect(page.getByTestId('score-total')).toHaveText(String(before + 150 - 10));
  await expect(page.getByRole('region', { name: later })).toBeVisible();
  const standing = page.getByRole('region', { name: 'Standings' }).locator('li[aria-current="true"]');
  await expect(standing).toContainText('Clueless in Cannes');

  // Each clue has exactly one answer: no retry scored twice.
  const mine = (await (await olivia.get('/api/my-clues')).json()) as { clues: MyClue[] };
  for (const id of Object.values(ids)) expect(mine.clues.find((c) => c.id === id)?.answers).toHaveLength(1);

  // An organiser approves the photo: the app shows it scored.
  const waiting = (await (await admin.get('/api/admin/clues/photos')).json()) as { id: number; clueId: number }[];
  const photo = waiting.find((p) => p.clueId === ids.photo)!;
  expect((await admin.post(`/api/admin/clues/photos/${photo.id}/approve`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('region', { name: titles.photo }).getByText('Scored 80 points')).toBeVisible();
  await expect(page.getByTestId('score-total')).toHaveText(String(before + 230 - 10));

  // At the clue's place (the phone is at St Malo): the place is marked visited.
  await page.getByRole('region', { name: titles.online }).getByRole('button', { name: "I'm here" }).click();
  await expect(page.getByRole('region', { name: titles.online }).getByText('Place visited')).toBeVisible();
});
