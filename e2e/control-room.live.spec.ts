import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { expectAccessible } from './support/helpers';
import { apiAs, expect, liveSite, test } from './support/signed-in';

/**
 * The organisers' control room during the rally, on a phone: a team's SOS (here through the API as
 * Olivia's session; that one pressed in the rally app shows on the open screen without a reload is
 * the rally app's journey) with where the team is, marked resolved, then a message to every team.
 */
test('the control room shows an SOS with where the team is; the organiser resolves it and messages all teams', async ({ page, signIn }) => {
  // The team raises an SOS from the road.
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  const note = `Hit a kerb near Dinan, tyre gone (${randomUUID().slice(0, 8)})`;
  const raised = await olivia.post('/api/my-rally/sos', {
    data: { clientId: randomUUID(), position: { lat: 48.45472, lng: -2.04806, accuracy: 15 }, note },
  });
  expect(raised.status(), await raised.text()).toBe(201);

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/control-room');
  await expect(page.getByRole('heading', { name: 'Control room', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Clueless in Cannes' })).toBeVisible();
  const alert = page.getByRole('list', { name: 'Open SOS alerts' }).getByRole('listitem').filter({ hasText: note });
  await expect(alert).toBeVisible();
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
