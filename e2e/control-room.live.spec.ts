import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { expectAccessible } from './support/helpers';
import { apiAs, expect, liveSite, test } from './support/signed-in';

/**
 * The organisers' control room during the rally, on a phone: a team's SOS (sent by its rally app,
 * here through the API as Olivia's session) shows at once on the open screen, the organiser marks it
 * resolved, then messages every team.
 */
test('an SOS appears in the control room without a reload; the organiser resolves it and messages all teams', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_ADMIN.email);
  const streamOpen = page.waitForResponse((r) => r.url().endsWith('/api/admin/live/events'));
  await page.goto('/admin/control-room');
  await expect(page.getByRole('heading', { name: 'Control room', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Clueless in Cannes' })).toBeVisible();
  await streamOpen;

  // The team raises an SOS from the road: the screen, already open, shows it within seconds (its
  // own refetch comes only every 30 s).
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  const note = `Hit a kerb near Dinan, tyre gone (${randomUUID().slice(0, 8)})`;
  const raised = await olivia.post('/api/my-rally/sos', {
    data: { clientId: randomUUID(), position: { lat: 48.45472, lng: -2.04806, accuracy: 15 }, note },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const alert = page.getByRole('list', { name: 'Open SOS alerts' }).getByRole('listitem').filter({ hasText: note });
  await expect(alert).toBeVisible({ timeout: 5_000 });
  await expect(alert).toContainText('SOS: Clueless in Cannes');
  await expect(alert).toContainText('48.45472, -2.04806');
  await expect(alert.getByRole('link', { name: 'Open in a map' })).toHaveAttribute('href', /mlat=48.45472&mlon=-2.04806/);
  await expect(page.getByRole('listitem', { name: 'Clueless in Cannes' })).toContainText('SOS');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await alert.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(alert).toBeHidden();
  const status = await olivia.get('/api/my-rally/status');
  expect((await status.json()).openSos).toBeNull();

  // A message to every team: listed as sent, and in Olivia's rally app.
  const body = `Dinner moved to 20:00 at the Hôtel de Ville (${randomUUID().slice(0, 8)})`;
  await expect(page.getByLabel('To')).toHaveValue('all');
  await page.getByLabel('Message', { exact: true }).fill(body);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Messages sent' })).toContainText(body);
  await expect(page.getByRole('list', { name: 'Messages sent' }).getByRole('listitem').first()).toContainText('All teams');
  const messages = await (await olivia.get('/api/my-rally/messages')).json();
  expect(messages[0]).toMatchObject({ body, toAll: true });
  await olivia.dispose();
});
