import { test, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { simpleParser } from 'mailparser';
import { teamNamePuns } from '../src/common/team-names';
import { expectAccessible, outboxMessagesTo, rallySettings, unique, verificationPathFor } from './support/helpers';

const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

async function fillRequired(page: Page, driverEmail: string, teamName?: string) {
  if (teamName) await page.getByLabel('Team name').fill(teamName);
  await page.getByLabel('First name').fill('Amelia');
  await page.getByLabel('Last name').fill('Le Brocq');
  await page.getByLabel('Email').fill(driverEmail);
  await page.getByLabel('Phone').first().fill('+44 7700 900123');
  await page.getByLabel('Address').fill('1 Rue des Pres, St Helier, Jersey');
  await page.getByLabel('Emergency contact name').fill('Tom Le Brocq');
  await page.getByLabel('Emergency contact phone').fill('+44 7700 900456');
  await page.getByLabel('Relationship').fill('Brother');
}

test('a team registers without a co-driver or a car, with a generated name', async ({ page, request }) => {
  const rally = await rallySettings(request);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2026 Team Registration');

  // Every required field says what is missing, and nothing is sent.
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Team name is required')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expect(page.getByText('Relationship is required')).toBeVisible();

  await page.getByRole('button', { name: 'Generate Name' }).click();
  await expect(toast(page, 'Team name generated!')).toBeVisible();
  const teamName = await page.getByLabel('Team name').inputValue();
  expect(teamNamePuns).toContain(teamName);

  await page.getByRole('group', { name: 'Have you chosen a co-driver?' }).getByText('No', { exact: true }).click();
  await page.getByRole('group', { name: "Do you know what you're going to be driving?" }).getByText('No', { exact: true }).click();
  await expect(page.getByText("OK, we'll check back later")).toHaveCount(2);
  await expect(page.getByLabel('Co-driver first name')).toHaveCount(0);

  const email = `solo-${unique()}@example.test`;
  await fillRequired(page, email);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit Registration' }).click();

  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Next" })).toBeVisible();
  const deposit = page.getByRole('link', { name: /Pay Deposit Now/ });
  await expect(deposit).toHaveAttribute('href', rally.depositLink);
  await expect(deposit).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  await expect.poll(() => outboxMessagesTo(email).length).toBe(1);
  const [raw] = outboxMessagesTo(email);
  expect(raw).toBeDefined();
  const mail = await simpleParser(raw!);
  expect(mail.text).toContain(rally.depositLink);
  expect(mail.text).toContain(teamName);

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a registration with a bad fundraising URL keeps the form and names the problem', async ({ page }) => {
  await page.goto('/signup');
  await fillRequired(page, `url-${unique()}@example.test`, 'Route Canal');
  await page.getByLabel('Fundraising page URL').fill('not a link');
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();
  await expect(toast(page, 'Registration Failed')).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveValue('Route Canal');
});

test('a second registration with the same driver address this year is refused with a Log In link', async ({ page }) => {
  const email = `twice-${unique()}@example.test`;
  const register = async (teamName: string) => {
    await page.goto('/signup');
    await page.getByRole('group', { name: 'Have you chosen a co-driver?' }).getByText('No', { exact: true }).click();
    await page.getByRole('group', { name: "Do you know what you're going to be driving?" }).getByText('No', { exact: true }).click();
    await fillRequired(page, email, teamName);
    await page.getByRole('button', { name: 'Submit Registration' }).click();
  };
  await register('First Attempt');
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();

  await register('Second Attempt');
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'A team for this rally is already registered with this e-mail address. Log in to see it.' });
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveValue('Second Attempt');
  await expectAccessible(page);
  await refusal.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a full team registers with its car photo, then manages it all from the dashboard', async ({ page }) => {
  const email = `team-${unique()}@example.test`;
  const teamName = `Bonnet and Clyde ${unique()}`;
  await page.goto('/signup');
  await fillRequired(page, email, teamName);
  await page.getByRole('group', { name: 'Have you chosen a co-driver?' }).getByText('Yes', { exact: true }).click();
  await page.getByLabel('Co-driver first name').fill('Jacques');
  await page.getByLabel('Co-driver last name').fill('Renouf');
  await page.getByRole('group', { name: "Do you know what you're going to be driving?" }).getByText('Yes', { exact: true }).click();
  await page.getByLabel('Make').fill('Morris');
  await page.getByLabel('Model').fill('Minor');
  await page.getByLabel('Year').fill('1968');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1f4e86' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Car photo (optional)').setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
  await expect(page.getByText('Your car photo has been added.')).toBeVisible();

  // The driver makes an account with the registration's e-mail and finds the team.
  await page.goto('/login');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('First name').fill('Amelia');
  await page.getByLabel('Last name').fill('Le Brocq');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('rally-pass-2026');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/dashboard');
  // Until the address is confirmed the account reaches no team, and is told one waits for it.
  await expect(page.getByRole('heading', { name: `We found a registration for ${email}` })).toBeVisible();
  await expect(page.getByText('No Registration Found')).toHaveCount(0);
  await page.goto(await verificationPathFor(email));
  await page.waitForURL('**/dashboard');

  await expect(page.getByRole('heading', { name: 'Welcome, Amelia!' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  await expect(page.getByText('Registered', { exact: true })).toBeVisible();
  await expect(page.getByText(teamName).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Co-Driver', exact: true })).toBeVisible();
  await expect(page.getByText('Jacques Renouf')).toBeVisible();
  await expect(page.getByText('Morris Minor')).toBeVisible();
  const carImage = page.getByRole('img', { name: `The car of ${teamName}` });
  await expect(carImage).toHaveAttribute('src', /^\/uploads\/car-images\/.+\.webp$/);
  expect(await carImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectAccessible(page);

  // The photo can be replaced from the dashboard; a renamed non-image is refused by the server.
  const firstSrc = await carImage.getAttribute('src');
  await page.getByRole('button', { name: 'Change Car Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Car Photo' });
  await dialog
    .getByLabel('Car photo')
    .setInputFiles({ name: 'car.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not really a photo') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Only image files (JPEG, PNG, WebP, GIF, AVIF or HEIC) can be uploaded')).toBeVisible();
  const second = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e8a91c' } })
    .png()
    .toBuffer();
  await dialog.getByLabel('Car photo').setInputFiles({ name: 'car2.png', mimeType: 'image/png', buffer: second });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(toast(page, 'Image Uploaded!')).toBeVisible();
  await expect(carImage).not.toHaveAttribute('src', firstSrc!);

  // Details, with the driver's passport (masked once saved) and previous rally years.
  await page.getByLabel('Emergency contact phone').fill('07700 900999');
  await page.getByLabel('Driver passport number', { exact: true }).fill('AB1234567');
  await page.getByLabel('Previous rally participant').check();
  await page.getByRole('group', { name: 'Which years?' }).getByLabel('2018').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Details updated!')).toBeVisible();
  await expect(page.getByText('On file: •••••4567. Leave blank to keep it.')).toBeVisible();
  await expect(page.getByLabel('Driver passport number', { exact: true })).toHaveValue('');

  // Sponsors are saved as soon as they are added or removed: no Save to forget.
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  await expect(page.getByText('Please enter both a sponsor name and a URL.')).toBeVisible();
  await page.getByLabel('Sponsor name').fill('Jersey Dairy');
  await page.getByLabel('Sponsor URL').fill('https://jerseydairy.example');
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  await expect(toast(page, 'Sponsor added')).toBeVisible();
  await page.getByLabel('Sponsor name').fill('Ferry Co');
  await page.getByLabel('Sponsor URL').fill('https://ferry.example');
  await page.getByRole('button', { name: 'Add Sponsor' }).click();
  await page.getByRole('button', { name: 'Remove sponsor Ferry Co' }).click();
  await expect(toast(page, 'Sponsor removed')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Emergency contact phone')).toHaveValue('07700 900999');
  await expect(page.getByRole('group', { name: 'Which years?' }).getByLabel('2018')).toBeChecked();
  const sponsors = page.getByRole('list', { name: 'Sponsors' });
  await expect(sponsors.getByRole('link', { name: /Jersey Dairy/ })).toBeVisible();
  await expect(sponsors.getByText('Ferry Co')).toHaveCount(0);

  // Donations: add, edit, delete.
  await expect(page.getByText('No Fundraising Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Record Donation' }).click();
  await expect(toast(page, 'Please enter a donation amount')).toBeVisible();
  await page.getByLabel('Amount (£)').fill('25.50');
  await page.getByLabel('Donor name').fill('Gran');
  await page.getByRole('button', { name: 'Record Donation' }).click();
  await expect(toast(page, 'Donation Recorded')).toBeVisible();
  await expect(page.getByTestId('donation-total')).toHaveText('£25.50');
  await expect(page.getByRole('list', { name: 'Donations' })).toContainText('from Gran');
  await expect(page.getByLabel('Amount (£)')).toHaveValue('');

  await page.getByRole('button', { name: 'Edit donation of £25.50 from Gran' }).click();
  await expect(page.getByLabel('Amount (£)')).toHaveValue('25.50');
  await page.getByLabel('Amount (£)').fill('30');
  await page.getByLabel('Anonymous donation').check();
  await page.getByRole('button', { name: 'Update Donation' }).click();
  await expect(toast(page, 'Donation Updated')).toBeVisible();
  await expect(page.getByTestId('donation-total')).toHaveText('£30.00');
  await expect(page.getByRole('list', { name: 'Donations' })).toContainText('from Anonymous');

  await page.getByRole('button', { name: 'Delete donation of £30.00 from Anonymous' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Donation' }).click();
  await expect(toast(page, 'Donation Deleted')).toBeVisible();
  await expect(page.getByText('No Fundraising Yet')).toBeVisible();
  await expect(page.getByTestId('donation-total')).toHaveText('£0.00');
});

test('the dashboard sends a signed-out visitor to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
});

test('the post-payment page adapts to a signed-out visitor', async ({ page, request }) => {
  const rally = await rallySettings(request);
  await page.goto('/registered');
  await expect(page.getByRole('heading', { name: 'Thank You for Your Payment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In to Your Account' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: rally.supportEmail })).toHaveAttribute('href', `mailto:${rally.supportEmail}`);
  await expectAccessible(page);
});

test('a full rally offers the waiting list, and a closed one says so instead of showing the form', async ({ page }) => {
  const status = { open: true, full: true, opensAt: null, closesAt: null as string | null };
  await page.route('**/api/signup/status', (route) => route.fulfill({ json: status }));
  // Server-rendered pages carry the real answer; the page rendered in the browser asks (and gets
  // the one above), and the form is reached from its menu.
  const toSignup = async () => {
    await page.goto('/registered');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Sign Up \d{4}$/ })
      .click();
    await expect(page).toHaveURL(/\/signup$/);
  };
  await toSignup();
  await expect(page.getByRole('status').filter({ hasText: 'The rally is full: join the waiting list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Registration' })).toBeVisible();

  status.open = false;
  status.closesAt = '2026-05-01T00:00:00Z';
  await toSignup();
  await expect(page.getByRole('status').filter({ hasText: 'is closed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Registration' })).toHaveCount(0);
});
