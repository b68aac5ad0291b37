import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginNeededError, RefusedError, type Act } from './act-queue';
import { sendAct } from './send-act';
import { forgetClockOffset, siteNow } from './site-clock';

type Call = { url: string; method: string; body: unknown };
const objectId = '3f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d';

/** The site as the phone meets it: the upload flow and the team's routes, answering `answers` in turn. */
function fakeSite(answer: (url: string) => Response | 'offline' = () => Response.json({ ok: true })) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', body });
    const result = answer(url);
    if (result === 'offline') throw new TypeError('Failed to fetch');
    return result;
  });
  return calls;
}
const ticket = () => Response.json({ method: 'PUT', uploadURL: `/api/uploads/${objectId}?expires=1&signature=s`, objectId });

afterEach(() => vi.unstubAllGlobals());

const photoAnswer = (): Act => ({
  kind: 'answer',
  clientId: 'b7e3c0de-0000-4000-8000-000000000001',
  clueId: 4,
  answeredAt: '2026-09-10T12:00:00.000Z',
  photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  position: { lat: 48.649, lng: -2.026 },
});

describe('sending an act of the rally app', () => {
  it('uploads a kept photo, keeps the upload, then answers with it', async () => {
    const calls = fakeSite((url) => (url === '/api/uploads' ? ticket() : Response.json({ ok: true })));
    const progress = vi.fn(async () => {});
    await sendAct(photoAnswer(), progress);
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'POST /api/uploads',
      `PUT /api/uploads/${objectId}`,
      'POST /api/my-rally-app/answers',
    ]);
    expect(calls[1]!.body).toBeInstanceOf(File);
    expect(calls[2]!.body).toEqual({
      clientId: 'b7e3c0de-0000-4000-8000-000000000001',
      clueId: 4,
      answeredAt: '2026-09-10T12:00:00.000Z',
      madeAt: '2026-09-10T12:00:00.000Z',
      photoUploadUrl: objectId,
      position: { lat: 48.649, lng: -2.026 },
    });
    // What the queue keeps after the upload: the upload's id, no longer the photo.
    expect(progress).toHaveBeenCalledWith(expect.objectContaining({ photoUploadUrl: objectId }));
    expect(progress).not.toHaveBeenCalledWith(expect.objectContaining({ photo: expect.anything() }));
  });

  it('turns a 4xx into a refusal with the site’s reason, and leaves network failures and 5xx to be retried', async () => {
    const text: Act = { kind: 'answer', clientId: 'c', clueId: 1, answeredAt: '2026-09-10T12:00:00Z', text: 'Gorey' };
    fakeSite(() => Response.json({ message: 'This clue is already scored.' }, { status: 409 }));
    await expect(sendAct(text, async () => {})).rejects.toEqual(new RefusedError('This clue is already scored.'));

    fakeSite(() => 'offline');
    await expect(sendAct(text, async () => {})).rejects.toBeInstanceOf(TypeError);
    for (const status of [503, 500, 429, 408]) {
      fakeSite(() => Response.json({ message: 'later' }, { status }));
      await expect(sendAct(text, async () => {})).rejects.not.toBeInstanceOf(RefusedError);
    }
  });

  it('keeps an act when the site asks for a login (401, 403): it is not a refusal of the act', async () => {
    const update: Act = { kind: 'update', clientId: 'u', body: 'On the ferry' };
    for (const status of [401, 403]) {
      fakeSite(() => new Response('Unauthorized', { status }));
      await expect(sendAct(update, async () => {})).rejects.toBeInstanceOf(LoginNeededError);
    }
  });

  it("never passes the site's internal wording to the team", async () => {
    const text: Act = { kind: 'answer', clientId: 'c', clueId: 1, madeAt: '2026-09-10T12:00:00Z', text: 'Gorey' };
    fakeSite(() => Response.json({ message: "answeredAt is later than now: check the phone's clock." }, { status: 400 }));
    await expect(sendAct(text, async () => {})).rejects.toEqual(new RefusedError('The site could not take it.'));
    fakeSite(() => new Response('Bad Request', { status: 400 }));
    await expect(sendAct(text, async () => {})).rejects.toEqual(new RefusedError('Bad Request'));
  });

  it("sends each act's madeAt (an answer's as answeredAt too) and corrects later acts by the site's clock from the Date header", async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) });
    const calls = fakeSite(() => Response.json({ ok: true }, { headers: { Date: new Date(Date.now() - 7 * 60_000).toUTCString() } }));
    const madeAt = '2026-09-10T12:00:00.000Z';
    await sendAct({ kind: 'answer', clientId: 'a', clueId: 1, text: 'Gorey', madeAt }, async () => {});
    await sendAct({ kind: 'hint', clientId: 'h', clueId: 1, hintId: 'c0ffee00-0000-4000-8000-000000000000', madeAt }, async () => {});
    await sendAct({ kind: 'check-in', clientId: 'c', clueId: 1, position: { lat: 1, lng: 2 }, madeAt }, async () => {});
    expect(calls.map((c) => c.body)).toEqual([
      { clientId: 'a', clueId: 1, text: 'Gorey', answeredAt: madeAt, madeAt },
      { clientId: 'h', clueId: 1, hintId: 'c0ffee00-0000-4000-8000-000000000000', madeAt },
      { clientId: 'c', clueId: 1, position: { lat: 1, lng: 2 }, madeAt },
    ]);
    // The phone's clock is 7 minutes ahead of the site's: acts made from now on are dated by the site's.
    expect(Math.abs(siteNow().getTime() - (Date.now() - 7 * 60_000))).toBeLessThan(3_000);
    forgetClockOffset();
    // Kept for a reload without signal.
    expect(Math.abs(siteNow().getTime() - (Date.now() - 7 * 60_000))).toBeLessThan(3_000);
    kept.clear();
    forgetClockOffset();
  });

  it("a guessing cool-down (429 with its end) is a refusal in the site's words, which say when to try again, not a retry", async () => {
    const text: Act = { kind: 'answer', clientId: 'c', clueId: 1, answeredAt: '2026-09-10T12:00:00Z', text: '1705' };
    const message = 'Too many wrong answers to this clue in a short time. You can try again at 14:35 (Paris time).';
    fakeSite(() => Response.json({ message, retryAt: '2026-09-10T12:35:00Z' }, { status: 429 }));
    await expect(sendAct(text, async () => {})).rejects.toEqual(new RefusedError(message));
  });

  it('refuses a photo the site cannot take (4xx on the upload) so it is not retried for ever', async () => {
    fakeSite((url) => (url === '/api/uploads' ? ticket() : Response.json({ message: 'The file is not an image' }, { status: 400 })));
    await expect(sendAct(photoAnswer(), async () => {})).rejects.toEqual(new RefusedError('The file is not an image'));
  });

  it('posts an update after uploading its kept photo, keeping the upload for a retry', async () => {
    const calls = fakeSite((url) => (url === '/api/uploads' ? ticket() : Response.json({ id: 1 }, { status: 201 })));
    const progress = vi.fn(async () => {});
    const update: Act = {
      kind: 'update',
      clientId: 'b7e3c0de-0000-4000-8000-000000000002',
      body: 'Lighthouse found!',
      photo: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
    };
    await sendAct(update, progress);
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'POST /api/uploads',
      `PUT /api/uploads/${objectId}`,
      'POST /api/my-rally-app/updates',
    ]);
    expect(calls[2]!.body).toEqual({
      clientId: 'b7e3c0de-0000-4000-8000-000000000002',
      body: 'Lighthouse found!',
      photoUploadUrl: objectId,
    });
    expect(progress).toHaveBeenCalledWith({
      kind: 'update',
      clientId: 'b7e3c0de-0000-4000-8000-000000000002',
      body: 'Lighthouse found!',
      photoUploadUrl: objectId,
    });
  });

  it('posts an update without a photo, an SOS and an All OK with their ids', async () => {
    const calls = fakeSite(() => Response.json({ ok: true }));
    await sendAct({ kind: 'update', clientId: 'u', body: 'On the ferry' }, async () => {});
    await sendAct({ kind: 'sos', clientId: 's', position: { lat: 48.45, lng: -2.04, accuracy: 15 }, note: 'Tyre gone' }, async () => {});
    await sendAct({ kind: 'sos', clientId: 's2' }, async () => {});
    await sendAct({ kind: 'all-ok', clientId: 'k' }, async () => {});
    expect(calls).toEqual([
      { method: 'POST', url: '/api/my-rally-app/updates', body: { clientId: 'u', body: 'On the ferry' } },
      {
        method: 'POST',
        url: '/api/my-rally-app/sos',
        body: { clientId: 's', position: { lat: 48.45, lng: -2.04, accuracy: 15 }, note: 'Tyre gone' },
      },
      { method: 'POST', url: '/api/my-rally-app/sos', body: { clientId: 's2' } },
      { method: 'POST', url: '/api/my-rally-app/all-ok', body: { clientId: 'k' } },
    ]);
  });
});
