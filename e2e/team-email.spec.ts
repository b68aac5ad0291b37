import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DEMO_ADMIN } from './support/env';
import { invitationPathFor, outboxMessagesTo, unique } from './support/helpers';
import { test } from './support/signed-in';

test.describe.configure({ timeout: 90_000 });

test('an organiser e-mails two selected teams: the count before, the result after, one message per address, none to a co-driver who has not accepted', async ({
  page,
  signIn,
}) => {
  const tag = unique();
  const coDriver = `joined-co-${tag}@example.test`;
  const invitedOnly = `invited-co-${tag}@example.test`;
  const teams = [
    { teamName: `Mail Test Alpha ${tag}`, driverEmail: `alpha-${tag}@example.test`, driverFirstName: 'Alys', coDriverEmail: coDriver },
    { teamName: `Mail Test Bravo ${tag}`, driverEmail: `bravo-${tag}@example.test`, driverFirstName: 'Bram', coDriverEmail: invitedOnly },
  ];
  await signIn(page, DEMO_ADMIN.email);
  // An organiser may register teams for anyone; each names a co-driver, who is e-mailed an invitation.
  for (const t of teams) {
    const created = await page.request.post('/api/signups', {
      data: {
        ...t,
        driverLastName: 'Le Maistre',
        driverPhone: '07700 900331',
        driverAddress: '3 Test Road, St Ouen',
        coDriverFirstName: 'Cora',
        coDriverLastName: 'Le Sueur',
        emergencyContactName: 'Jo',
        emergencyContactPhone: '07700 900332',
        emergencyContactRelationship: 'Sister',
      },
    });
    expect(created.status()).toBe(201);
  }
  // Alpha's co-driver accepts from the e-mail; Bravo's never answers, so team mail does not reach them.
  const token = new URL(await invitationPathFor(coDriver), 'http://x').searchParams.get('token');
  expect((await page.request.post('/api/dashboard/invitations/accept', { data: { token } })).status()).toBe(200);

  await page.goto('/admin#registrations');
  await page.getByLabel('Search registrations').fill(tag);
  const table = page.getByRole('table', { name: 'Registrations' });
  await expect(table.getByRole('row')).toHaveCount(3); // the header and the two teams
  await expect(page.getByRole('button', { name: 'E-mail selected teams (0)' })).toBeDisabled();
  for (const t of teams) await table.getByRole('checkbox', { name: `Select ${t.teamName}` }).check();
  await page.getByRole('button', { name: 'E-mail selected teams (2)' }).click();

  const dialog = page.getByRole('dialog', { name: 'E-mail the selected teams' });
  await expect(dialog).toContainText('This message will go to 3 addresses.');
  await dialog.getByLabel('Subject').fill('Scrutineering for {{teamName}}');
  await dialog.getByLabel('Message').fill('Hello {{firstName}},\n\nPlease bring the V5 to the harbour at 9.');
  await dialog.getByRole('button', { name: 'Send to 3 addresses' }).click();
  await expect(dialog.getByRole('status')).toContainText('Email queued for 3 addresses in 2 teams.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'E-mail selected teams (0)' })).toBeVisible();

  const scrutineering = (address: string) => outboxMessagesTo(address).filter((m) => /^Subject: Scrutineering for/m.test(m));
  await expect.poll(() => teams.every((t) => scrutineering(t.driverEmail).length === 1) && scrutineering(coDriver).length === 1).toBe(true);
  expect(scrutineering(invitedOnly)).toHaveLength(0);
  const alpha = await simpleParser(scrutineering(teams[0]!.driverEmail)[0]!);
  expect(alpha.subject).toBe(`Scrutineering for ${teams[0]!.teamName}`);
  expect(alpha.text).toContain('Hello Alys,');
  expect(alpha.text).toContain('Please bring the V5 to the harbour at 9.');
});
