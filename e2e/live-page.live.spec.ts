import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { expectAccessible } from './support/helpers';

const TEAM = 'Clueless in Cannes';
const RALLY_NOW = '2026-09-10T12:00:00Z';

async function ok<T = any>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/** A photo as the rally app sends it: an upload URL first, then the bytes to it. */
async function uploadPhoto(api: APIRequestContext, colour: string): Promise<string> {
  const { uploadURL } = await ok<{ uploadURL: string }>(await api.post('/api/objects/upload'));
  const png = await sharp({ create: { width: 60, height: 45, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const put = await api.put(uploadURL, { data: png, headers: { 'content-type': 'image/png' } });
  expect(put.ok(), await put.text()).toBe(true);
  return uploadURL;
}

/**
 * The supporter's side of /live. That an open page follows answers, an approved photo and a new
 * update without reloading is the rally app's journey (rally-app.live.spec.ts); here: what a row
 * and an update carry, the donate page, and an organiser hiding an update from the open page.
 */
test("a supporter's /live page shows each team's standing and updates with their Donate buttons; a hidden update goes without reloading", async ({
  page,
}) => {
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const team = await apiAs(DEMO_RALLIER.email, liveSite);
  // A clue released this morning, so the row has the day's progress to show.
  await ok(
    await admin.post('/api/admin/clues', {
      data: {
        day: 2,
        title: `The lighthouse ${randomUUID().slice(0, 6)}`,
        body: 'Which cape has the lighthouse north of Saint-Brieuc?',
        releaseAt: '2026-09-10T08:00:00Z',
        place: { name: 'Cap Fréhel', coordinates: [-2.318, 48.684] },
        radiusMetres: 300,
        points: 70,
        answerKind: 'text',
        acceptedAnswers: ['Cap Fréhel'],
        hints: [],
      },
    }),
  );
  const { team: mine } = await ok<{ team: { id: number } }>(await team.get('/api/my-clues'));
  const total = (
    await ok<{ teams: { signupId: number; total: number }[] }>(await page.request.get(`${liveSite}/api/clues/standings`))
  ).teams.find((t) => t.signupId === mine.id)!.total;

  // The team has posted an update from the road.
  const words = `Lighthouse found, ${randomUUID().slice(0, 8)}: the wind nearly took the car!`;
  const update = await ok<{ id: number }>(
    await team.post('/api/my-rally-app/updates', {
      data: { clientId: randomUUID(), body: words, photoUploadUrl: await uploadPhoto(team, '#d9412b') },
    }),
  );

  // A supporter, not signed in, opens /live on their phone.
  await page.clock.setFixedTime(RALLY_NOW);
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Rally' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: TEAM, exact: true }) });
  await expect(row.getByRole('cell').last()).toHaveText(String(total));
  await expect(row.getByRole('link', { name: `Donate to ${TEAM}` })).toHaveAttribute('href', `/donate/${mine.id}`);
  await expect(row).toContainText(/Day 2: \d+ of \d+ clues?/);
  await expect(page.getByText(/Teams level on total: the one whose last scoring answer reached the site first ranks higher/)).toBeVisible();
  await expect(page.getByText(/Positions are shown .* late and about a kilometre out/)).toBeVisible();
  await expectAccessible(page);

  // The update, with its photo and a Donate button.
  const card = page.getByRole('article', { name: `Update from ${TEAM}` }).filter({ hasText: words });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `Photo from ${TEAM}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `Donate to ${TEAM}` })).toHaveAttribute('href', `/donate/${mine.id}`);

  // And on the team's donate page, with the page's own Donate button.
  const donatePage = await page.context().newPage();
  await donatePage.goto(`/donate/${mine.id}`);
  const onDonatePage = donatePage.getByRole('article').filter({ hasText: words });
  await expect(onDonatePage).toBeVisible();
  await expect(onDonatePage.getByRole('link', { name: `Donate to ${TEAM}` })).toBeVisible();
  await donatePage.close();

  // The organiser hides it: it goes from the open page.
  await ok(await admin.post(`/api/admin/team-updates/${update.id}/hide`, { data: { reason: 'A stranger’s face is in the photo' } }));
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: TEAM })).toBeVisible();
});
