import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_LIVE_CLOCK } from './support/env';
import { unique, openRallyApp } from './support/helpers';
import { createClue, dayTwoClue } from './support/live-clues';

/**
 * The rally app's queue on the road (issue 41): two tabs without signal, a login that expires with
 * an SOS waiting, a reload without signal, a queued answer corrected before it goes, and phones
 * whose clocks are fast or slow. The journeys share the demo team, so they run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const TEAM = 'Clueless in Cannes';

type MyClue = { id: number; answers: { text: string | null; answeredAt: string }[] };
type SosAlert = { id: number; note: string; signupId: number };

async function answersTo(team: APIRequestContext, clueId: number) {
  const mine = (await (await team.get('/api/my-clues')).json()) as { clues: MyClue[] };
  return mine.clues.find((c) => c.id === clueId)?.answers ?? [];
}

async function openSos(admin: APIRequestContext): Promise<SosAlert[]> {
  const room = (await (await admin.get('/api/admin/control-room')).json()) as { sos: (SosAlert & { teamName: string })[] };
  return room.sos.filter((s) => s.teamName === TEAM);
}

/** Resolves the team's open SOSes (resolving asks for a note), so each journey starts with the SOS button there. */
async function resolveOpenSos(admin: APIRequestContext) {
  for (const sos of await openSos(admin)) {
    const res = await admin.post(`/api/admin/control-room/sos/${sos.id}/resolve`, { data: { note: 'Closed by the journey' } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** The app open on the phone, its clock at `clock`, once it has read the site's clock (site-clock.ts). */
async function openApp(page: Page, clock = E2E_LIVE_CLOCK) {
  await page.clock.setFixedTime(new Date(clock));
  const siteClockRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/health');
  await openRallyApp(page);
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await siteClockRead;
}

async function answer(page: Page, title: string, text: string) {
  const card = page.getByRole('region', { name: title });
  await card.getByLabel('Your answer').fill(text);
  await card.getByRole('button', { name: 'Send answer' }).click();
}

async function postUpdate(page: Page, words: string) {
  const updates = page.getByRole('region', { name: 'Post an update' });
  await updates.getByLabel('Your update', { exact: true }).fill(words);
  await updates.getByRole('button', { name: 'Post update' }).click();
}

const queueLine = (page: Page) => page.getByRole('status').filter({ hasText: /to send|Sending/ });

let admin: APIRequestContext;
let olivia: APIRequestContext;
test.beforeAll(async () => {
  admin = await apiAs(DEMO_ADMIN.email, liveSite);
  olivia = await apiAs(DEMO_RALLIER.email, liveSite);
});
test.afterAll(async () => {
  await resolveOpenSos(admin);
  await Promise.all([admin.dispose(), olivia.dispose()]);
});

test('acts made without signal in two tabs of the app all arrive once when the signal is back', async ({ page, context, signIn }) => {
  test.setTimeout(90_000);
  const tag = unique();
  const titles = { first: `Tab one ${tag}`, second: `Tab two ${tag}` };
  const ids = { first: await createClue(admin, dayTwoClue(titles.first)), second: await createClue(admin, dayTwoClue(titles.second)) };
  await signIn(page, DEMO_RALLIER.email);
  await openApp(page);
  const other = await context.newPage();
  await openApp(other);

  await context.setOffline(true);
  await answer(page, titles.first, 'Mont Saint Michel');
  await answer(other, titles.second, 'Mont-Saint-Michel');
  const words = { first: `From the first tab (${tag})`, second: `From the second tab (${tag})` };
  await postUpdate(page, words.first);
  await postUpdate(other, words.second);
  // Each tab sees every act waiting, its own and the other's.
  await expect(queueLine(page)).toHaveText('Waiting for signal: 4 to send');
  await expect(queueLine(other)).toHaveText('Waiting for signal: 4 to send');
  await expect(other.getByRole('region', { name: titles.first }).getByText('Answer waiting to send')).toBeVisible();

  await context.setOffline(false);
  await expect(queueLine(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(queueLine(other)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: titles.second }).getByText('Scored 50 points')).toBeVisible();

  expect(await answersTo(olivia, ids.first)).toHaveLength(1);
  expect(await answersTo(olivia, ids.second)).toHaveLength(1);
  const updates = (await (await olivia.get('/api/my-rally-app/updates')).json()) as { body: string }[];
  expect(updates.filter((u) => u.body === words.first)).toHaveLength(1);
  expect(updates.filter((u) => u.body === words.second)).toHaveLength(1);
});

test('an SOS queued without signal stays shown after a reload; when the login has expired it says it is NOT sent, and after logging in it arrives once', async ({
  page,
  context,
  signIn,
}) => {
  test.setTimeout(120_000);
  await resolveOpenSos(admin);
  await signIn(page, DEMO_RALLIER.email);
  await openApp(page);
  // The service worker keeps the page and its reads for a visit without signal.
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-page')).match('/rally-app')), undefined, {
    timeout: 20_000,
  });
  await page.waitForFunction(async () => Boolean(await (await caches.open('rally-app-data')).match('/api/my-rally-app/status')));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  const safety = page.getByRole('region', { name: 'Safety' });
  await safety.getByRole('button', { name: 'SOS' }).click();
  const note = `Off the road near Dinan (${unique()})`;
  await safety.getByLabel('What happened (optional)').fill(note);
  await safety.getByRole('button', { name: 'Yes, send SOS' }).click();
  await expect(safety.getByText(/Your SOS is on its way/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await expect(safety.getByText(/Your SOS is on its way/)).toBeVisible();
  await expect(safety.getByRole('button', { name: 'SOS', exact: true })).toHaveCount(0);

  // The session ends while the phone is without signal; the signal comes back.
  await context.clearCookies();
  await context.setOffline(false);
  await expect(safety.getByText('Your SOS is NOT sent: log in to send it.')).toBeVisible({ timeout: 30_000 });
  await expect(safety).toContainText('call 112');
  await expect(page.getByRole('alert').filter({ hasText: 'You need to log in again' })).toBeVisible();
  await expect(page.getByText('Unauthorized')).toHaveCount(0);
  expect((await openSos(admin)).filter((s) => s.note === note)).toEqual([]);
  // Still kept on the phone.
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('rally-app');
        open.onsuccess = () => {
          const all = open.result.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () => resolve((all.result as { act?: { kind: string } }[]).filter((r) => r.act?.kind === 'sos').length);
        };
      }),
  );
  expect(kept).toBe(1);

  await safety.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(DEMO_RALLIER.email);
  await page.getByLabel('Password').fill(DEMO_RALLIER.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/rally-app$/);
  await expect(safety.getByText(/SOS sent at \d\d:\d\d/)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await openSos(admin)).filter((s) => s.note === note)).toHaveLength(1);
  await resolveOpenSos(admin);
});

test('a queued answer is corrected before it goes, and only the corrected one arrives', async ({ page, context, signIn }) => {
  const title = `Corrected ${unique()}`;
  const id = await createClue(admin, dayTwoClue(title));
  await signIn(page, DEMO_RALLIER.email);
  await openApp(page);

  await context.setOffline(true);
  await answer(page, title, 'Mont Saint Michal');
  const card = page.getByRole('region', { name: title });
  await expect(card.getByText('Answer waiting to send: “Mont Saint Michal”')).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Change your answer').fill('Mont Saint Michel');
  await card.getByRole('button', { name: 'Save answer' }).click();
  await expect(card.getByText('Answer waiting to send: “Mont Saint Michel”')).toBeVisible();

  await context.setOffline(false);
  await expect(card.getByText('Scored 50 points')).toBeVisible({ timeout: 30_000 });
  const answers = await answersTo(olivia, id);
  expect(answers.map((a) => a.text)).toEqual(['Mont Saint Michel']);
});

for (const [how, minutes] of [
  ['fast', 7],
  ['slow', -7],
] as const) {
  test(`a phone whose clock is 7 minutes ${how} dates its acts by the site's clock, and nothing is refused`, async ({ page, signIn }) => {
    const title = `Clock ${how} ${unique()}`;
    const id = await createClue(admin, dayTwoClue(title));
    await signIn(page, DEMO_RALLIER.email);
    await openApp(page, new Date(Date.parse(E2E_LIVE_CLOCK) + minutes * 60_000).toISOString());

    await answer(page, title, 'Mont Saint Michel');
    await expect(page.getByRole('region', { name: title }).getByText('Scored 50 points')).toBeVisible();
    await expect(page.getByText('Could not be sent')).toHaveCount(0);
    await expect(page.getByText(/phone's clock/)).toHaveCount(0);
    const [kept] = await answersTo(olivia, id);
    expect(Math.abs(Date.parse(kept!.answeredAt) - Date.parse(E2E_LIVE_CLOCK))).toBeLessThan(60_000);
  });
}
