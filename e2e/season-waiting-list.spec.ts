import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import type { AdminTeam } from '../src/common/schemas/registrations';
import type { RallySettings } from '../src/common/schemas/rally-settings';
import { DEMO_ADMIN } from './support/env';
import { driverWithTeam, outboxMessagesTo, rallySettings, unique } from './support/helpers';
import { test } from './support/signed-in';

// Three teams sign up and confirm their addresses: a long journey.
test.describe.configure({ timeout: 180_000 });

const HOLDING_A_PLACE = new Set(['registered', 'deposit_paid', 'confirmed']);

/** Saves the settings as the organiser's /admin/settings does. */
async function saveSettings(request: APIRequestContext, settings: RallySettings) {
  const { year: _year, ...edit } = settings;
  const saved = await request.put('/api/admin/settings', { data: edit });
  expect(saved.status()).toBe(200);
}

/** A team registered through the public form by someone without an account. */
async function anonymousTeam(request: APIRequestContext, teamName: string) {
  const res = await request.post('/api/signups', {
    data: {
      teamName,
      driverFirstName: 'Ana',
      driverLastName: 'Renouf',
      driverEmail: `anon-${unique()}@example.test`,
      driverPhone: '07700 900441',
      driverAddress: '4 Test Road, Trinity',
      emergencyContactName: 'Sam',
      emergencyContactPhone: '07700 900442',
      emergencyContactRelationship: 'Brother',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; status: string };
}

/**
 * The organiser's card of a team on /admin. The page is loaded afresh: the registrations list keeps
 * the last search (the team opened before) while the page stays open.
 */
async function openCard(organiser: Page, teamName: string) {
  await organiser.goto('/admin#registrations');
  await organiser.reload();
  const table = organiser.getByRole('table', { name: 'Registrations' });
  await table.getByRole('button', { name: teamName, exact: true }).click();
  return organiser.getByRole('article', { name: teamName });
}

/** The line of a card that shows the team's entry status. */
const statusOf = (card: Locator) => card.locator('p', { hasText: 'Entry status' });

const subjectsIn = async (raw: string[]) => Promise.all(raw.map(async (m) => (await simpleParser(m)).subject ?? ''));

test('a full rally: the waiting list asks no deposit, an organiser’s move to it holds, and the organisers hear of it', async ({
  browser,
  signIn,
}) => {
  const organiser = await browser.newPage();
  await signIn(organiser, DEMO_ADMIN.email);
  const original = await rallySettings(organiser.request);
  const crew = `crew-${unique()}@example.test`;
  const [held, leaving, waiting] = ['Held Back', 'Leaving Early', 'Next In Line'].map((n) => `${n} ${unique()}`) as [
    string,
    string,
    string,
  ];

  try {
    // Room for exactly two more cars; the organisers' notices go to their own mailbox.
    const teams = (await (await organiser.request.get('/api/admin/signups')).json()) as AdminTeam[];
    const taken = teams.filter((t) => t.rallyYear === original.year && HOLDING_A_PLACE.has(t.status)).length;
    await saveSettings(organiser.request, {
      ...original,
      carLimit: taken + 2,
      organiserNotifications: { address: crew, teamRegistered: true, depositPaid: true, teamWithdrew: true, placeOffered: true },
    });

    const heldTeam = await anonymousTeam(organiser.request, held);
    expect(heldTeam.status).toBe('registered');
    const leaver = await browser.newPage();
    const leaverEmail = `leaving-${unique()}@example.test`;
    await driverWithTeam(leaver, { firstName: 'Lee', lastName: 'Vautier', email: leaverEmail, teamName: leaving });

    // Full: the home page says so beside Register Now, and the form offers the waiting list.
    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('link', { name: 'Register Now' }).first()).toBeVisible();
    await expect(visitor.getByRole('status').filter({ hasText: 'The rally is full: new teams join the waiting list' })).toBeVisible();
    await visitor.goto('/signup');
    await expect(visitor.getByRole('status').filter({ hasText: 'The rally is full: join the waiting list' })).toBeVisible();

    // A team registering now waits, and is asked for no deposit: dashboard, /registered, e-mail.
    const rallier = await browser.newPage();
    const waitingEmail = `waiting-${unique()}@example.test`;
    await driverWithTeam(rallier, { firstName: 'Wyn', lastName: 'Le Cornu', email: waitingEmail, teamName: waiting });
    await expect(rallier.getByText('Waiting list', { exact: true })).toBeVisible();
    await expect(rallier.getByText(/number 1 on the waiting list/)).toBeVisible();
    await expect(rallier.getByText('ask for the deposit then').first()).toBeVisible();
    await expect(rallier.getByRole('link', { name: /Pay Deposit Now/ })).toHaveCount(0);
    await expect(rallier.getByRole('link', { name: /Pay deposit/i })).toHaveCount(0);
    await rallier.goto('/registered');
    await expect(rallier.getByRole('heading', { name: 'You are on the waiting list' })).toBeVisible();
    await expect(rallier.getByText('No deposit is due yet')).toBeVisible();
    await expect(rallier.getByText('Thank You for Your Payment')).toHaveCount(0);
    await expect.poll(() => outboxMessagesTo(waitingEmail).filter((m) => /^Subject: Registration received/m.test(m)).length).toBe(1);
    const confirmation = await simpleParser(outboxMessagesTo(waitingEmail).find((m) => /^Subject: Registration received/m.test(m))!);
    expect(confirmation.text).toContain('your team is on the waiting list');
    expect(confirmation.text).not.toContain('Pay your deposit');
    expect(String(confirmation.html)).not.toContain('Pay Deposit Now');

    // The organiser moves a team with a place to the waiting list: its place goes to the team waiting.
    const card = await openCard(organiser, held);
    await card.getByLabel('Move to').selectOption('waiting_list');
    await card.getByLabel('Reason (optional)').fill('No car yet');
    await card.getByRole('button', { name: 'Change status' }).click();
    await expect(card.getByText('Held on the waiting list by the organisers')).toBeVisible();
    await rallier.goto('/dashboard');
    await expect(rallier.getByText('Registered', { exact: true })).toBeVisible();
    // Now holding a place, it pays its deposit (recorded by the organiser).
    const all = (await (await organiser.request.get('/api/admin/signups')).json()) as AdminTeam[];
    const promoted = all.find((t) => t.teamName === waiting)!;
    const deposit = await organiser.request.put(`/api/admin/deposits/${promoted.id}`, {
      data: { amountPence: 50000, method: 'bank_transfer', paidOn: `${original.year}-02-14` },
    });
    expect(deposit.status()).toBe(200);

    // A place frees up: the held team stays where the organiser put it.
    await leaver.goto('/dashboard');
    await leaver.getByRole('button', { name: 'Withdraw from the rally' }).click();
    const dialog = leaver.getByRole('dialog', { name: 'Withdraw your team?' });
    await dialog.getByRole('button', { name: 'Withdraw team' }).click();
    await expect(leaver.getByText('Withdrawn', { exact: true })).toBeVisible();
    const heldCard = await openCard(organiser, held);
    await expect(heldCard.getByText('Held on the waiting list by the organisers')).toBeVisible();
    await expect(statusOf(heldCard)).toHaveText(/Waiting list/);

    // Put back in line, it is given the free place.
    await heldCard.getByRole('button', { name: 'Put back in line' }).click();
    await expect(statusOf(heldCard)).toHaveText(/Registered/);
    await expect(heldCard.getByText('Held on the waiting list by the organisers')).toHaveCount(0);

    // The organisers' mailbox heard of each registration, the withdrawal and each place offered.
    const expected = [
      `New team: ${held}`,
      `New team: ${leaving}`,
      `New team: ${waiting}`,
      `Off the waiting list: ${waiting}`,
      `Deposit paid: ${waiting}`,
      `Team withdrawn: ${leaving}`,
      `Off the waiting list: ${held}`,
    ];
    await expect.poll(async () => (await subjectsIn(outboxMessagesTo(crew))).length).toBe(expected.length);
    const subjects = await subjectsIn(outboxMessagesTo(crew));
    for (const subject of expected) expect(subjects.some((s) => s.startsWith(subject))).toBe(true);
  } finally {
    await saveSettings(organiser.request, original);
  }
});
