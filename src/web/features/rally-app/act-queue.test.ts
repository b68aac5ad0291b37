import { describe, expect, it, vi } from 'vitest';
import { createActQueue, RefusedError, type Act, type QueueStorage, type SendAct } from './act-queue';

/** The queue's storage in memory; `saved` is what a reload would find. */
function memoryStorage(initial: Act[] = []) {
  const box = { saved: initial };
  const storage: QueueStorage = { load: async () => box.saved, save: async (acts) => void (box.saved = acts) };
  return { storage, box };
}

const answer = (clientId: string, clueId = 1): Act => ({
  kind: 'answer',
  clientId,
  clueId,
  text: 'Mont Saint Michel',
  answeredAt: '2026-09-10T12:00:00Z',
});

/** A network that answers the given acts' ids in turn: 'ok', 'offline' (fetch throws) or a refusal. */
function network(outcome: (act: Act) => 'ok' | 'offline' | string) {
  const sent: string[] = [];
  const send: SendAct = async (act) => {
    sent.push(act.clientId);
    const result = outcome(act);
    if (result === 'offline') throw new TypeError('Failed to fetch');
    if (result !== 'ok') throw new RefusedError(result);
  };
  return { sent, send };
}

describe('the rally app queue', () => {
  it('sends acts in the order they were made and empties the stored queue', async () => {
    const { storage, box } = memoryStorage();
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const queue = createActQueue(storage, net.send);
    for (const id of ['a', 'b', 'c']) await queue.add(answer(id));
    await queue.flush();
    expect(box.saved.map((a) => a.clientId)).toEqual(['a', 'b', 'c']);

    online = true;
    expect(await queue.flush()).toBe(true);
    expect(net.sent.slice(-3)).toEqual(['a', 'b', 'c']);
    expect(box.saved).toEqual([]);
  });

  it('keeps an act that failed for the network, stops there, and retries it with the same clientId', async () => {
    const { storage, box } = memoryStorage();
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const queue = createActQueue(storage, net.send);
    await queue.add(answer('first'));
    await queue.add(answer('second'));
    expect(await queue.flush()).toBe(false);
    // Nothing after the failed act was tried: the order holds.
    expect(new Set(net.sent)).toEqual(new Set(['first']));
    expect(box.saved.map((a) => a.clientId)).toEqual(['first', 'second']);

    online = true;
    expect(await queue.flush()).toBe(true);
    expect(net.sent.filter((id) => id === 'second')).toEqual(['second']);
    // Every send of the first act carried the id it was made with: no second id was ever made.
    expect(new Set(net.sent)).toEqual(new Set(['first', 'second']));
  });

  it('drops an act the site refuses (4xx) and tells why, then goes on with the next', async () => {
    const { storage, box } = memoryStorage();
    const settled = vi.fn();
    const net = network((act) => (act.clientId === 'dup' ? 'Already scored' : 'ok'));
    const queue = createActQueue(storage, net.send, settled);
    await queue.add(answer('dup'));
    await queue.add(answer('next', 2));
    await queue.flush();
    expect(net.sent).toEqual(['dup', 'next']);
    expect(box.saved).toEqual([]);
    expect(settled).toHaveBeenCalledWith({ act: answer('dup'), refused: 'Already scored' });
    expect(settled).toHaveBeenCalledWith({ act: answer('next', 2), refused: null, answer: undefined });
  });

  it('finds what a reload left waiting and sends it', async () => {
    const { storage, box } = memoryStorage([answer('left')]);
    const net = network(() => 'ok');
    const queue = createActQueue(storage, net.send);
    expect(await queue.flush()).toBe(true);
    expect(net.sent).toEqual(['left']);
    expect(box.saved).toEqual([]);
  });

  it('keeps a step made before a network failure (an uploaded photo), so the retry does not repeat it', async () => {
    const { storage, box } = memoryStorage();
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    let uploads = 0;
    let online = false;
    const send: SendAct = async (act, progress) => {
      if (act.kind === 'answer' && act.photo) {
        uploads++;
        const { photo: _p, ...rest } = act;
        await progress({ ...rest, photoUploadUrl: 'upload-1' });
      }
      if (!online) throw new TypeError('Failed to fetch');
    };
    const queue = createActQueue(storage, send);
    await queue.add({ kind: 'answer', clientId: 'p', clueId: 4, photo, answeredAt: '2026-09-10T12:00:00Z' });
    await queue.flush();
    expect(box.saved).toEqual([
      { kind: 'answer', clientId: 'p', clueId: 4, photoUploadUrl: 'upload-1', answeredAt: '2026-09-10T12:00:00Z' },
    ]);
    online = true;
    expect(await queue.flush()).toBe(true);
    expect(uploads).toBe(1);
  });

  it('runs one send at a time: a second flush while one runs sends nothing twice', async () => {
    const { storage } = memoryStorage([answer('only')]);
    const net = network(() => 'ok');
    const queue = createActQueue(storage, net.send);
    await Promise.all([queue.flush(), queue.flush(), queue.flush()]);
    expect(net.sent).toEqual(['only']);
  });

  it('sends an SOS ahead of the positions and answers waiting, after an SOS made before it', async () => {
    const { storage, box } = memoryStorage();
    const net = network(() => 'ok');
    const queue = createActQueue(storage, net.send);
    const position = (clientId: string): Act => ({ kind: 'position', clientId, lat: 48.6, lng: -2.0, recordedAt: '2026-09-10T12:00:00Z' });
    await queue.add(position('p1'));
    await queue.add(answer('a1'));
    await queue.add({ kind: 'sos', clientId: 'sos1', note: 'Tyre gone' });
    await queue.add(position('p2'));
    await queue.add({ kind: 'sos', clientId: 'sos2' });
    expect(box.saved.map((a) => a.clientId)).toEqual(['sos1', 'sos2', 'p1', 'a1', 'p2']);
    expect(await queue.flush()).toBe(true);
    expect(net.sent).toEqual(['sos1', 'sos2', 'p1', 'a1', 'p2']);
  });

  it('sends an SOS made while another act is on its way right after that act', async () => {
    const { storage } = memoryStorage();
    const sent: string[] = [];
    let release = () => {};
    const send: SendAct = async (act) => {
      sent.push(act.clientId);
      if (act.clientId === 'slow') await new Promise<void>((r) => (release = r));
    };
    const queue = createActQueue(storage, send);
    await queue.add({ kind: 'position', clientId: 'slow', lat: 48.6, lng: -2.0, recordedAt: '2026-09-10T12:00:00Z' });
    await queue.add(answer('a1'));
    const flushing = queue.flush();
    await vi.waitFor(() => expect(sent).toEqual(['slow']));
    await queue.add({ kind: 'sos', clientId: 'sos' });
    release();
    expect(await flushing).toBe(true);
    expect(sent).toEqual(['slow', 'sos', 'a1']);
  });
});
