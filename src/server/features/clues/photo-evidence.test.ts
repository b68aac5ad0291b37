import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { answer, clueFields, createClue, post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';

/** A photo answer keeps when and where it was taken for the organisers; nothing of it is published. */
let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
});
afterAll(() => app.close());

/** A camera's JPEG, with the EXIF a phone writes (the camera and where it was). */
const cameraPhoto = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#1f4e86' } })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9', Copyright: 'GPS 48.6490 N 2.0260 W' } })
    .jpeg()
    .toBuffer();

async function uploadPhoto(cookie: string): Promise<string> {
  const ticket = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const url: string = ticket.json().uploadURL;
  const put = await app.inject({ method: 'PUT', url, payload: await cameraPhoto(), headers: { 'content-type': 'image/jpeg' } });
  expect(put.statusCode, put.body).toBe(200);
  return url;
}

describe('photo evidence', () => {
  it('the approval list shows when and where the photo was taken beside the clue’s place and release; the published photo carries no metadata', async () => {
    const clue = await createClue(app, admin, clueFields({ title: 'The ramparts', answerKind: 'photo', acceptedAnswers: [], points: 80 }));
    const { cookie, team } = await teamDriver(app);
    // About 111 m north of the clue's place (St Malo, radius 200 m).
    const sent = await post(
      app,
      cookie,
      '/api/my-clues/answers',
      answer(clue.id, { text: undefined, photoUploadUrl: await uploadPhoto(cookie), position: { lat: 48.65, lng: -2.026, accuracy: 12 } }),
    );
    expect(sent.statusCode, sent.body).toBe(200);

    const list = (await app.inject({ url: '/api/admin/clues/photos', headers: { cookie: admin } })).json();
    const photo = list.find((p: { signupId: number }) => p.signupId === team.id);
    expect(photo).toMatchObject({
      answeredAt: '2026-09-10T12:00:00.000Z',
      position: { lat: 48.65, lng: -2.026, accuracy: 12 },
      place: { name: 'St Malo', lat: 48.649, lng: -2.026, radiusMetres: 200 },
      releaseAt: '2026-09-10T09:00:00.000Z',
    });
    expect(photo.distanceMetres).toBeGreaterThan(100);
    expect(photo.distanceMetres).toBeLessThan(125);

    const published = await app.inject({ url: photo.photoUrl });
    expect(published.statusCode).toBe(200);
    const meta = await sharp(published.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(published.rawPayload.includes('PhoneMaker')).toBe(false);
    expect(published.rawPayload.includes('GPS 48.6490')).toBe(false);

    // Nothing of where it was taken reaches the team's public pages.
    expect((await app.inject({ url: '/api/clues/standings' })).body).not.toContain('48.65');
  });
});
