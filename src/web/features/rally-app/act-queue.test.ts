import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import {
  backoffMs,
  BACKOFF_CAP_MS,
  BACKOFF_FIRST_MS,
  browserLock,
  createActQueue,
  LoginNeededError,
  RefusedError,
  type Act,
  type Announcer,
  type QueueStorage,
  type SendAct,
} from './act-queue';
import { idbQueueStorage } from './idb-storage';
import { memoryQueueStorage } from './memory-queue-storage';

const answer = (clientId: string, clueId = 1, text = 'Mont Saint Michel'): Act => ({
  kind: 'answer',
  clientId,
  clueId,
  text,
  madeAt: '2026-09-10T12:00:00Z',
});

type Outcome = 'ok' | 'offline' | 'login' | string;

/** A network that answers each act: 'ok', 'offline' (fetch throws), 'login' (401) or a refusal's reason. */
function network(outcome: (act: Act) => Outcome) {
  const sent: string[] = [];
  const send: SendAct = async (act) => {
    sent.push(act.clientId);
    const result = outcome(act);
    if (result === 'offline') throw new TypeError('Failed to fetch');
    if (result === 'login') throw new LoginNeededError();
    if (result !== 'ok') throw new RefusedError(result);
  };
  return { sent, send };
}

/** The tabs of one phone telling each other of changes (a BroadcastChannel in the browser). */
function announcers() {
  const tabs = new Set<() => void>();
  return (): Announcer => {
    let mine: (() => void) | null = null;
    return {
      announce: () => tabs.forEach((heard) => heard !== mine && heard()),
      listen(heard) {
        mine = heard;
        tabs.add(heard);
        return () => tabs.delete(heard);
      },
    };
  };
}

function queueOn(storage: QueueStorage, send: SendAct, extra: Partial<Parameters<typeof createActQueue>[0]> = {}) {
  return createActQueue({ storage, send, lockName: 'queue', lock: browserLock(), ...extra });
}

let dbs = 0;
/** The phone's IndexedDB (fake-indexeddb), a new database per test. */
const phoneStore = () => createStore(`rally-app-test-${++dbs}`, 'queue');

describe('the rally app queue', () => {
  it('sends acts in the order they were made and empties the stored queue', async () => {
    const memory = memoryQueueStorage();
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const queue = queueOn(memory.storage, net.send);
    for (const id of ['a', 'b', 'c']) await queue.add(answer(id));
    expect(await queue.flush({ force: true })).toBe('offline');
    expect(memory.saved().map((a) => a.clientId)).toEqual(['a', 'b', 'c']);

    online = true;
    expect(await queue.flush({ force: true })).toBe('idle');
    expect(net.sent.slice(-3)).toEqual(['a', 'b', 'c']);
    expect(memory.saved()).toEqual([]);
  });

  it('tells the page only of changes: reading an empty queue again, or a try with nothing to send, renders nothing', async () => {
    const memory = memoryQueueStorage();
    const queue = queueOn(memory.storage, network(() => 'ok').send);
    let told = 0;
    queue.subscribe(() => (told += 1));
    const first = queue.view();
    await queue.load();
    await queue.flush({ force: true });
    await queue.flush({ force: true });
    expect(told).toBe(0);
    expect(queue.view()).toBe(first);
    // A new act, and its sending, are told.
    await queue.add(answer('a'));
    expect(queue.view().queued.map((q) => q.act.clientId)).toEqual(['a']);
    await queue.flush({ force: true });
    expect(queue.view().queued).toEqual([]);
    expect(told).toBeGreaterThanOrEqual(2);
  });

  it('two tabs on one phone, each queuing acts without signal, send every act once when it is back', async () => {
    const store = phoneStore();
    const lock = browserLock(); // one lock for both tabs, as navigator.locks is
    const announcer = announcers();
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const tabA = queueOn(idbQueueStorage('u1', store), net.send, { lock, announcer: announcer() });
    const tabB = queueOn(idbQueueStorage('u1', store), net.send, { lock, announcer: announcer() });
    await Promise.all([tabA.load(), tabB.load()]);
    // Interleaved, as two tabs used at once: neither overwrites the other's acts.
    await Promise.all([
      tabA.add(answer('a1')),
      tabB.add(answer('b1', 2)),
      tabA.add(answer('a2', 3)),
      tabB.add({ kind: 'all-ok', clientId: 'b2' }),
    ]);
    expect(await tabA.flush({ force: true })).toBe('offline');
    expect(
      tabB
        .view()
        .queued.map((q) => q.act.clientId)
        .sort(),
    ).toEqual(['a1', 'a2', 'b1', 'b2']);

    online = true;
    net.sent.length = 0;
    await Promise.all([tabA.flush({ force: true }), tabB.flush({ force: true })]);
    expect(net.sent.sort()).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(await idbQueueStorage('u1', store).list()).toEqual([]);
    expect(tabA.view().queued).toEqual([]);
    expect(tabB.view().queued).toEqual([]);
  });

  it("keeps each account's acts apart on one phone", async () => {
    const store = phoneStore();
    await idbQueueStorage('olivia', store).put({ act: answer('hers'), order: 1 });
    expect(await idbQueueStorage('tom', store).list()).toEqual([]);
    expect((await idbQueueStorage('olivia', store).list()).map((q) => q.act.clientId)).toEqual(['hers']);
  });

  it('finds the list a phone kept before each act had its own record, and sends it', async () => {
    const store = phoneStore();
    await store('readwrite', (s) => s.put([answer('old1'), { kind: 'sos', clientId: 'old-sos' }], 'acts-u1'));
    const net = network(() => 'ok');
    const queue = queueOn(idbQueueStorage('u1', store), net.send);
    expect(await queue.flush({ force: true })).toBe('idle');
    expect(net.sent).toEqual(['old-sos', 'old1']);
  });

  it('keeps an act that failed for the network and retries it with the same clientId, backing off between tries', async () => {
    const memory = memoryQueueStorage();
    let clock = 1_000_000;
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const queue = queueOn(memory.storage, net.send, { now: () => clock });
    await queue.add(answer('first'));
    await queue.add(answer('second'));
    expect(await queue.flush({ force: true })).toBe('offline');
    // Nothing after the failed act was tried: the order holds.
    expect(net.sent).toEqual(['first']);

    // The timer's try within the backoff sends nothing; after it, the act goes with its own id.
    clock += BACKOFF_FIRST_MS - 1;
    expect(await queue.flush()).toBe('offline');
    expect(net.sent).toEqual(['first']);
    clock += 1;
    expect(await queue.flush()).toBe('offline');
    expect(net.sent).toEqual(['first', 'first']);
    // Twice as long after the second failure.
    clock += BACKOFF_FIRST_MS;
    await queue.flush();
    expect(net.sent).toHaveLength(2);
    online = true;
    clock += BACKOFF_FIRST_MS;
    expect(await queue.flush()).toBe('idle');
    expect(net.sent).toEqual(['first', 'first', 'first', 'second']);
  });

  it('waits twice as long after each failure, up to a cap', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([1, 2, 4, 8].map((n) => n * BACKOFF_FIRST_MS));
    expect(backoffMs(50)).toBe(BACKOFF_CAP_MS);
  });

  it('keeps every act when the site asks for a login (401), says a login is needed, and sends them all after it', async () => {
    const memory = memoryQueueStorage();
    let loggedIn = false;
    const net = network(() => (loggedIn ? 'ok' : 'login'));
    const queue = queueOn(memory.storage, net.send);
    await queue.add({ kind: 'update', clientId: 'u', body: 'Lunch in Rennes' });
    await queue.add({ kind: 'sos', clientId: 'sos', note: 'Tyre gone' });
    expect(await queue.flush({ force: true })).toBe('login-needed');
    expect(queue.view().status).toBe('login-needed');
    expect(memory.saved().map((a) => a.clientId)).toEqual(['sos', 'u']);
    expect(queue.view().refusals).toEqual([]);
    // Not sent, so the team may still change it.
    expect(queue.view().queued.every((q) => !q.tried)).toBe(true);

    loggedIn = true;
    expect(await queue.flush({ force: true })).toBe('idle');
    expect(net.sent.filter((id) => id === 'sos')).toHaveLength(2);
    expect(net.sent.slice(-2)).toEqual(['sos', 'u']);
    expect(memory.saved()).toEqual([]);
  });

  it('settles an act the site refuses (400, 409) as refused with its reason, once, until dismissed, and goes on with the next', async () => {
    const memory = memoryQueueStorage();
    const settled = vi.fn();
    const net = network((act) => (act.clientId === 'dup' ? 'Already scored' : 'ok'));
    const queue = queueOn(memory.storage, net.send, { onSettled: settled });
    await queue.add(answer('dup'));
    await queue.add(answer('next', 2));
    await queue.flush({ force: true });
    expect(net.sent).toEqual(['dup', 'next']);
    expect(memory.saved()).toEqual([]);
    expect(queue.view().refusals).toEqual([
      { clientId: 'dup', kind: 'answer', clueId: 1, reason: 'Already scored', madeAt: '2026-09-10T12:00:00Z', words: 'Mont Saint Michel' },
    ]);
    expect(settled).toHaveBeenCalledWith({ act: answer('dup'), refused: 'Already scored' });
    expect(settled).toHaveBeenCalledWith({ act: answer('next', 2), refused: null, answer: undefined });

    await queue.dismiss('dup');
    expect(queue.view().refusals).toEqual([]);
  });

  it('edits a queued answer as a new act (new clientId, the old record gone) and sends only the edited one', async () => {
    const store = phoneStore();
    let online = false;
    const net = network(() => (online ? 'ok' : 'offline'));
    const queue = queueOn(idbQueueStorage('u1', store), net.send);
    await queue.add(answer('typo', 1, 'Mont Saint Michal'));
    await queue.add(answer('other', 2));
    expect(await queue.edit('typo', answer('fixed', 1, 'Mont Saint Michel'))).toBe(true);
    expect(queue.view().queued.map((q) => q.act.clientId)).toEqual(['fixed', 'other']);

    online = true;
    await queue.flush({ force: true });
    expect(net.sent).toEqual(['fixed', 'other']);
  });

  it('tries nothing while the phone says it has no network, so what waits can still be edited', async () => {
    const memory = memoryQueueStorage();
    const net = network(() => 'offline');
    let online = false;
    const queue = queueOn(memory.storage, net.send, { online: () => online });
    await queue.add(answer('typo'));
    expect(await queue.flush({ force: true })).toBe('offline');
    expect(net.sent).toEqual([]);
    expect(await queue.edit('typo', answer('fixed'))).toBe(true);
    online = true;
    await queue.flush({ force: true });
    expect(net.sent).toEqual(['fixed']);
  });

  it('withdraws a queued answer never sent, and refuses to edit or withdraw one already handed to the network', async () => {
    const memory = memoryQueueStorage();
    const net = network(() => 'offline');
    const queue = queueOn(memory.storage, net.send);
    await queue.add(answer('mistake'));
    expect(await queue.withdraw('mistake')).toBe(true);
    expect(memory.saved()).toEqual([]);

    // Tried without an answer back: the site may have it, so it stays as it is.
    await queue.add(answer('tried'));
    await queue.flush({ force: true });
    expect(await queue.edit('tried', answer('tried-2'))).toBe(false);
    expect(await queue.withdraw('tried')).toBe(false);
    expect(memory.saved().map((a) => a.clientId)).toEqual(['tried']);
  });

  it('keeps a step made before a network failure (an uploaded photo), so the retry does not repeat it', async () => {
    const memory = memoryQueueStorage();
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
    const queue = queueOn(memory.storage, send);
    await queue.add({ kind: 'answer', clientId: 'p', clueId: 4, photo, madeAt: '2026-09-10T12:00:00Z' });
    await queue.flush({ force: true });
    expect(memory.saved()).toEqual([
      { kind: 'answer', clientId: 'p', clueId: 4, photoUploadUrl: 'upload-1', madeAt: '2026-09-10T12:00:00Z' },
    ]);
    online = true;
    expect(await queue.flush({ force: true })).toBe('idle');
    expect(uploads).toBe(1);
  });

  it('runs one send at a time: a second flush while one runs sends nothing twice', async () => {
    const memory = memoryQueueStorage();
    const net = network(() => 'ok');
    const queue = queueOn(memory.storage, net.send);
    await queue.add(answer('only'));
    await Promise.all([queue.flush({ force: true }), queue.flush({ force: true }), queue.flush({ force: true })]);
    expect(net.sent).toEqual(['only']);
  });

  it('sends at once when the signal comes back while a try that found none is still ending', async () => {
    const memory = memoryQueueStorage();
    const net = network(() => 'ok');
    let online = false;
    let looked!: () => void;
    const lookedAtSignal = new Promise<void>((resolve) => (looked = resolve));
    const queue = queueOn(memory.storage, net.send, {
      online: () => {
        looked();
        return online;
      },
    });
    await queue.add(answer('waiting'));
    const first = queue.flush({ force: true });
    await lookedAtSignal;
    // The phone's 'online' event: the app forces a flush while the first is still under way.
    online = true;
    const second = queue.flush({ force: true });
    expect(await first).toBe('offline');
    await second;
    expect(net.sent).toEqual(['waiting']);
  });

  it('sends an SOS ahead of the positions and answers waiting, after an SOS made before it', async () => {
    const memory = memoryQueueStorage();
    const net = network(() => 'ok');
    const queue = queueOn(memory.storage, net.send);
    const position = (clientId: string): Act => ({ kind: 'position', clientId, lat: 48.6, lng: -2.0, recordedAt: '2026-09-10T12:00:00Z' });
    await queue.add(position('p1'));
    await queue.add(answer('a1'));
    await queue.add({ kind: 'sos', clientId: 'sos1', note: 'Tyre gone' });
    await queue.add(position('p2'));
    await queue.add({ kind: 'sos', clientId: 'sos2' });
    expect(memory.saved().map((a) => a.clientId)).toEqual(['sos1', 'sos2', 'p1', 'a1', 'p2']);
    expect(await queue.flush({ force: true })).toBe('idle');
    expect(net.sent).toEqual(['sos1', 'sos2', 'p1', 'a1', 'p2']);
  });

  it('sends an SOS made while another act is on its way right after that act', async () => {
    const memory = memoryQueueStorage();
    const sent: string[] = [];
    let release = () => {};
    const send: SendAct = async (act) => {
      sent.push(act.clientId);
      if (act.clientId === 'slow') await new Promise<void>((r) => (release = r));
    };
    const queue = queueOn(memory.storage, send);
    await queue.add({ kind: 'position', clientId: 'slow', lat: 48.6, lng: -2.0, recordedAt: '2026-09-10T12:00:00Z' });
    await queue.add(answer('a1'));
    const flushing = queue.flush({ force: true });
    await vi.waitFor(() => expect(sent).toEqual(['slow']));
    await queue.add({ kind: 'sos', clientId: 'sos' });
    release();
    expect(await flushing).toBe('idle');
    expect(sent).toEqual(['slow', 'sos', 'a1']);
  });
});
