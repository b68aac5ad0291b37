import { randomUUID } from 'node:crypto';
import { DEMO_ADMIN, DEMO_RALLIER } from './support/env';
import { expectAccessible, openRallyApp } from './support/helpers';
import { apiAs, expect, liveSite, test } from './support/signed-in';

type RoomSos = {
  id: number;
  teamName: string;
  driver: { name: string; phone: string };
  coDriver: { name: string; phone: string } | null;
  emergencyContact: { name: string; phone: string; relationship: string };
};

/**
 * The organisers' control room during the rally, on a phone: a team's SOS (here through the API as
 * Olivia's session; that one pressed in the rally app shows on the open screen without a reload is
 * the rally app's journey) with where the team is and whom to call, seen ("I've seen it") and
 * resolved with a note, each told to the team in its rally app; then a message to every team.
 */
test('the control room shows an SOS with where the team is and whom to call; the organiser sees and resolves it, the team is told; then messages all teams', async ({
  page,
  browser,
  signIn,
}) => {
  const TEAM = 'Clueless in Cannes';
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const olivia = await apiAs(DEMO_RALLIER.email, liveSite);
  // The site keeps its data between runs: an SOS an interrupted run left open would take this one as a repeat.
  const left = ((await (await admin.get('/api/admin/control-room')).json()) as { sos: RoomSos[] }).sos.filter((s) => s.teamName === TEAM);
  for (const s of left) await admin.post(`/api/admin/control-room/sos/${s.id}/resolve`, { data: { note: 'Closed before the journey' } });

  // The team raises an SOS from the road.
  const note = `Hit a kerb near Dinan, tyre gone (${randomUUID().slice(0, 8)})`;
  const raised = await olivia.post('/api/my-rally-app/sos', {
    data: { clientId: randomUUID(), position: { lat: 48.45472, lng: -2.04806, accuracy: 15 }, note },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const sosId = ((await raised.json()) as { id: number }).id;
  const room = (await (await admin.get('/api/admin/control-room')).json()) as { sos: RoomSos[] };
  const facts = room.sos.find((s) => s.id === sosId)!;

  await signIn(page, DEMO_ADMIN.email);
  await page.goto('/admin/control-room');
  await expect(page.getByRole('heading', { name: 'Control room', level: 1 })).toBeVisible();
  await expect(page.getByText('Times are Paris time (CEST).')).toBeVisible();
  await expect(page.getByRole('listitem', { name: TEAM })).toBeVisible();
  const alert = page.getByRole('list', { name: 'Open SOS alerts' }).getByRole('listitem').filter({ hasText: note });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`SOS: ${TEAM}`);
  await expect(alert).toContainText('48.45472, -2.04806');
  await expect(alert).toContainText('Position sent with the SOS at 14:00');
  await expect(alert.getByRole('link', { name: 'Open in a map' })).toHaveAttribute('href', /mlat=48.45472&mlon=-2.04806/);
  // Whom to call, as links a phone dials.
  await expect(alert.getByRole('link', { name: facts.driver.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(alert.getByRole('link', { name: facts.emergencyContact.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(alert).toContainText(facts.emergencyContact.name);
  if (facts.coDriver) await expect(alert.getByRole('link', { name: facts.coDriver.phone })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('listitem', { name: TEAM })).toContainText('SOS');
  // The tab says so while an SOS is open.
  await expect(page).toHaveTitle(/^\(\d+ SOS\) Control room/);
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The team's phone, open on the rally app.
  const teamContext = await browser.newContext({ baseURL: liveSite });
  await signIn(teamContext, DEMO_RALLIER.email);
  const phone = await teamContext.newPage();
  await openRallyApp(phone);
  const yourSos = phone.getByRole('status', { name: 'Your SOS' });
  await expect(yourSos).toContainText('Not yet seen by the organisers');

  await alert.getByRole('button', { name: 'I’ve seen it' }).click();
  await expect(alert).toContainText(/Seen by .* at 14:00/);
  await phone.reload();
  await expect(yourSos).toContainText('Seen by the organisers at 14:00.');

  // Resolving asks how, and says nothing is sent without it.
  await alert.getByRole('button', { name: 'Mark resolved' }).click();
  await alert.getByRole('button', { name: 'Resolve with this note' }).click();
  await expect(alert.getByText('Please say how the SOS was resolved.')).toBeVisible();
  const how = `Recovery truck booked, with you by 15:30 (${randomUUID().slice(0, 8)})`;
  await alert.getByLabel(/How was it resolved/).fill(how);
  await alert.getByRole('button', { name: 'Resolve with this note' }).click();
  await expect(alert).toBeHidden();
  await expect(page).toHaveTitle(/^Control room/);
  await phone.reload();
  await expect(yourSos).toContainText(`Resolved at 14:00: ${how}`);
  await expect(phone.getByRole('region', { name: 'Safety' }).getByRole('button', { name: 'SOS' })).toBeVisible();
  await teamContext.close();

  // A message to every team: listed as sent, and in Olivia's rally app.
  const body = `Dinner moved to 20:00 at the Hôtel de Ville (${randomUUID().slice(0, 8)})`;
  await expect(page.getByLabel('To')).toHaveValue('all');
  await page.getByLabel('Message', { exact: true }).fill(body);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('list', { name: 'Messages sent' })).toContainText(body);
  await expect(page.getByRole('list', { name: 'Messages sent' }).getByRole('listitem').first()).toContainText('All teams');
  const messages = await (await olivia.get('/api/my-rally-app/messages')).json();
  expect(messages[0]).toMatchObject({ body, toAll: true });
  await olivia.dispose();
});
