import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getJson, sendJson } from './api';

/** Every request gets this answer. */
const answer = (body: string | null, init: ResponseInit) => vi.stubGlobal('fetch', async () => new Response(body, init));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the request helper', () => {
  it('raises an ApiError carrying the status and body, with the spec message "<status>: <body>"', async () => {
    answer('{"message":"This e-mail is already registered"}', { status: 409 });
    const error = await sendJson('POST', '/api/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, body: '{"message":"This e-mail is already registered"}' });
    expect((error as ApiError).message).toBe('409: {"message":"This e-mail is already registered"}');
  });

  it('uses the status text when the answer has no body', async () => {
    answer(null, { status: 503, statusText: 'Service Unavailable' });
    const error = await getJson('/api/fundraising/leaderboard').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, body: 'Service Unavailable', message: '503: Service Unavailable' });
  });
});
