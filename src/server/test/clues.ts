import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ClueFields } from '../../common/schemas/clues';
import type { TestApp } from './app';
import { signUp } from './auth';
import { insertTeam } from './factories';

/**
 * The hunt's tests run on the second day of the first season's rally (9-12 September 2026):
 * 13:00 in Jersey.
 */
export const RALLY_DAY_CLOCK = '2026-09-10T12:00:00Z';

/** A text clue on day 2, released at 09:00 UTC, its place St Malo with a 200 m radius. */
export function clueFields(overrides: Partial<ClueFields> = {}): ClueFields {
  return {
    day: 2,
    title: 'The walled city',
    body: 'Which abbey stands on a tidal island in the bay?',
    releaseAt: '2026-09-10T09:00:00Z',
    place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
    radiusMetres: 200,
    points: 50,
    answerKind: 'text',
    acceptedAnswers: ['Mont-Saint-Michel'],
    hints: [],
    ...overrides,
  };
}

export async function createClue(app: TestApp, adminCookie: string, fields: ClueFields = clueFields()) {
  const res = await app.inject({ method: 'POST', url: '/api/admin/clues', headers: { cookie: adminCookie }, payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; hints: { id: string; text: string; cost: number }[] };
}

/** A signed-in driver of a confirmed team of the season. */
export async function teamDriver(app: TestApp, teamName = `Team ${randomUUID().slice(0, 6)}`) {
  const driver = await signUp(app);
  const team = await insertTeam(app.db, { userId: driver.user.id, driverEmail: driver.email, teamName, status: 'confirmed' });
  return { ...driver, team };
}

/** An answer as the rally app sends it, made now unless told. */
export function answer(clueId: number, fields: Record<string, unknown> = {}) {
  return { clientId: randomUUID(), clueId, text: 'Mont Saint Michel', answeredAt: RALLY_DAY_CLOCK, ...fields };
}

export function post(app: TestApp, cookie: string, url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

export async function myClues(app: TestApp, cookie: string) {
  const res = await app.inject({ url: '/api/my-clues', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
