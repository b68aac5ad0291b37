import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '@common/schemas/uploads';
import { UploadStepError, uploadCarImage } from './upload-car-image';

type Call = { url: string; init: RequestInit };

/** Stands in for the network: answers the API's two JSON routes and the upload itself. */
function fakeNetwork(ticket: UploadTicket, uploadAnswer = new Response(null, { status: 204 })) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url === '/api/uploads') return Response.json(ticket);
    if (url === '/api/uploads/car-images') return Response.json({ objectPath: `/uploads/car-images/${ticket.objectId}.webp` });
    return uploadAnswer;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'car.jpg', { type: 'image/jpeg' });
const objectId = '3f1c1a52-7c1e-4a8e-9a7d-0a3f1e2b3c4d';

describe('uploadCarImage', () => {
  it('posts a form to S3 with every signed field, the photo type, and the file last; then attaches the object id', async () => {
    const fields = { bucket: 'rally', key: `incoming/${objectId}`, Policy: 'cG9saWN5', 'X-Amz-Signature': 'ab'.repeat(32) };
    const calls = fakeNetwork({ method: 'POST', uploadURL: 'https://s3.example/rally', objectId, fields });
    expect(await uploadCarImage(photo(), 7)).toBe(`/uploads/car-images/${objectId}.webp`);

    const sent = calls.find((c) => c.url === 'https://s3.example/rally')!;
    expect(sent.init.method).toBe('POST');
    expect(sent.init.credentials).toBe('omit');
    const form = sent.init.body as FormData;
    const names = [...form.keys()];
    expect(names).toEqual([...Object.keys(fields), 'Content-Type', 'file']);
    for (const [name, value] of Object.entries(fields)) expect(form.get(name)).toBe(value);
    expect(form.get('Content-Type')).toBe('image/jpeg');
    expect((form.get('file') as File).size).toBe(4);

    const attach = calls.find((c) => c.url === '/api/uploads/car-images')!;
    expect(JSON.parse(attach.init.body as string)).toEqual({ carImageURL: objectId, signupId: 7 });
  });

  it('puts the raw file to our own signed link for disk storage', async () => {
    const uploadURL = `/api/uploads/${objectId}?expires=1&signature=abc`;
    const calls = fakeNetwork({ method: 'PUT', uploadURL, objectId });
    await uploadCarImage(photo(), 7);
    const sent = calls.find((c) => c.url === uploadURL)!;
    expect(sent.init).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, credentials: 'same-origin' });
    expect(sent.init.body).toBeInstanceOf(File);
    const attach = calls.find((c) => c.url === '/api/uploads/car-images')!;
    expect(JSON.parse(attach.init.body as string).carImageURL).toBe(objectId);
  });

  it("reports S3's refusal by its message, and attaches nothing", async () => {
    const xml =
      '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>';
    const calls = fakeNetwork(
      { method: 'POST', uploadURL: 'https://s3.example/rally', objectId, fields: {} },
      new Response(xml, { status: 400 }),
    );
    const error = await uploadCarImage(photo(), 7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadStepError);
    expect((error as UploadStepError).step).toBe('upload');
    expect(((error as UploadStepError).cause as Error).message).toBe('400: Your proposed upload exceeds the maximum allowed size');
    expect(calls.some((c) => c.url === '/api/uploads/car-images')).toBe(false);
  });
});
