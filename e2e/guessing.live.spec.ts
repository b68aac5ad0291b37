import { apiAs, expect, liveSite, test } from './support/signed-in';
import { DEMO_ADMIN, DEMO_RALLIER, E2E_LIVE_CLOCK } from './support/env';
import { expectAccessible, unique, openRallyApp } from './support/helpers';

/**
 * Answers cannot be guessed (docs/features/clues.md, "Wrong answers"): on the team's phone, a sixth
 * wrong year in ten minutes is refused, and the app says plainly until when.
 */
test('a team that guesses a year too often reads that it must wait, and until what time', async ({ page, signIn }) => {
  const admin = await apiAs(DEMO_ADMIN.email, liveSite);
  const title = `Founded ${unique()}`;
  const created = await admin.post('/api/admin/clues', {
    data: {
      day: 2,
      title,
      body: 'In which year was the fort on the island finished?',
      releaseAt: '2026-09-10T09:00:00Z',
      place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
      radiusMetres: 500,
      points: 50,
      answerKind: 'text',
      acceptedAnswers: ['1743'],
      hints: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.clock.setFixedTime(new Date(E2E_LIVE_CLOCK));
  await signIn(page, DEMO_RALLIER.email);
  await openRallyApp(page);
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeVisible();

  const guess = async (year: number) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/my-rally-app/answers') && r.request().method() === 'POST');
    await card.getByLabel('Your answer').fill(String(year));
    await card.getByRole('button', { name: 'Send answer' }).click();
    return answered;
  };
  for (let year = 1700; year < 1705; year++) {
    expect((await guess(year)).status()).toBe(200);
    await expect(card.getByText('Wrong answer, try again')).toBeVisible();
  }

  const refused = await guess(1743);
  expect(refused.status()).toBe(429);
  const { retryAt } = (await refused.json()) as { retryAt: string };
  const until = new Date(retryAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
  await expect(page.getByRole('alert').filter({ hasText: 'Too many wrong answers' })).toContainText(
    new RegExp(`Too many wrong answers to this clue in a short time\\. You can try again at ${until} \\(Paris time\\)\\.`),
  );
  // The refused answer is not kept to be sent again: nothing waits on the phone.
  await expect(page.getByRole('status').filter({ hasText: /to send|Sending/ })).toHaveCount(0);
  await expectAccessible(page);
});
