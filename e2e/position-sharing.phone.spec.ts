import { test, expect } from '@playwright/test';
import { driverWithTeam, expectAccessible, unique } from './support/helpers';

test('on a phone, a driver turns position sharing on, sets up a tracker app with the address shown once, sees its position arrive, and pauses', async ({
  page,
  request,
}) => {
  await driverWithTeam(page, {
    firstName: 'Tess',
    lastName: 'Le Quesne',
    email: `tracker-${unique()}@example.test`,
    teamName: `Dots on a Map ${unique()}`,
  });
  const card = page.getByRole('region', { name: 'Share your position during the rally' });
  await expect(card.getByText('Sharing is off.')).toBeVisible();
  await expect(card.getByText('No position received yet.')).toBeVisible();

  await card.getByRole('button', { name: 'Turn sharing on' }).click();
  await expect(card.getByText('Sharing is on.')).toBeVisible();

  await card.getByRole('button', { name: 'Make a tracker address' }).click();
  const address = card.getByLabel('Your tracker address (shown only now)');
  await expect(address).toHaveValue(/\/api\/tracking\/tracker\/[\w-]{32}$/);
  await expect(card.getByText('OwnTracks', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The tracker app posts to the address, as OwnTracks does in HTTP mode.
  const path = new URL(await address.inputValue()).pathname;
  const posted = await request.post(path, {
    data: { _type: 'location', lat: 49.18271, lon: -0.37064, tst: Math.floor(Date.now() / 1000), acc: 10, tid: 'TL' },
  });
  expect(posted.status()).toBe(200);
  expect(await posted.json()).toEqual([]);

  // The address is not shown again, only when it was made.
  await page.reload();
  await expect(card.getByText(/Last position received: .*, from OwnTracks\./)).toBeVisible();
  await expect(card.getByText(/Your tracker address was made on/)).toBeVisible();
  await expect(card.getByLabel('Your tracker address (shown only now)')).toHaveCount(0);

  await card.getByRole('button', { name: 'Pause sharing' }).click();
  await expect(card.getByText('Sharing is paused: nothing is stored or shown.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resume sharing' })).toBeVisible();
});
