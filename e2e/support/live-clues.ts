import { expect, type APIRequestContext } from '@playwright/test';

/** A clue for day 2 (10 September 2026) of the live site, released before its clock, at St Malo where the phone is. */
export const dayTwoClue = (title: string, fields: Record<string, unknown> = {}) => ({
  day: 2,
  title,
  body: `Which abbey stands on a tidal island in the bay? (${title})`,
  releaseAt: '2026-09-10T09:00:00Z',
  place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
  radiusMetres: 500,
  points: 50,
  answerKind: 'text',
  acceptedAnswers: ['Mont-Saint-Michel'],
  hints: [],
  ...fields,
});

/** Makes a clue as an organiser; its id. */
export async function createClue(admin: APIRequestContext, fields: object): Promise<number> {
  const res = await admin.post('/api/admin/clues', { data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
