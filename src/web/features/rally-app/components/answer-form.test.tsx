import { describe, expect, it, vi } from 'vitest';
import { interceptFetch, renderForm } from '../../../test/form-harness';
import { memoryQueueStorage } from '../memory-queue-storage';
import { newSharedQueue, RallyQueueProvider } from '../rally-queue';
import { AnswerForm } from './answer-form';

/** The queue in memory (jsdom has no IndexedDB); `saved` is what the phone would keep. */
function memoryQueue() {
  const memory = memoryQueueStorage();
  const box = {
    get saved() {
      return memory.saved();
    },
  };
  const storage = memory.storage;
  return { shared: newSharedQueue(storage), box };
}

const answered = { answer: { clientId: 'x', clueId: 7, kind: 'text', text: 'Mont Saint Michel', photoUrl: null, status: 'correct' } };

function givePosition(coords: { latitude: number; longitude: number; accuracy: number } | null) {
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        coords ? ok({ coords } as GeolocationPosition) : fail({ code: 1 } as GeolocationPositionError),
    },
  });
}

describe('the rally app answer form', () => {
  it("sends the answer with an id and time made on the phone, and the phone's position", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-10T12:00:05Z'));
    givePosition({ latitude: 48.649, longitude: -2.026, accuracy: 12 });
    const net = interceptFetch({ 'POST /api/my-rally-app/answers': () => answered });
    const { shared, box } = memoryQueue();
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <AnswerForm clueId={7} />
      </RallyQueueProvider>,
    );
    await user.type(screen.getByLabelText('Your answer'), '  Mont Saint Michel ');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    await vi.waitFor(() => expect(net.changes()).toHaveLength(1));
    const [sent] = net.changes();
    expect(sent).toMatchObject({ method: 'POST', url: '/api/my-rally-app/answers' });
    expect(sent!.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clueId: 7,
      text: 'Mont Saint Michel',
      answeredAt: '2026-09-10T12:00:05.000Z',
      madeAt: '2026-09-10T12:00:05.000Z',
      position: { lat: 48.649, lng: -2.026, accuracy: 12 },
    });
    await vi.waitFor(() => expect(box.saved).toEqual([]));
    vi.useRealTimers();
  });

  it('sends the answer without a position when the phone gives none, and says so', async () => {
    givePosition(null);
    const net = interceptFetch({ 'POST /api/my-rally-app/answers': () => answered });
    const { shared } = memoryQueue();
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <AnswerForm clueId={7} />
      </RallyQueueProvider>,
    );
    await user.type(screen.getByLabelText('Your answer'), 'Gorey');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(net.changes()).toHaveLength(1));
    expect(net.changes()[0]!.body).not.toHaveProperty('position');
    expect(net.changes()[0]!.body).toMatchObject({ clueId: 7, text: 'Gorey' });
    expect(await screen.findByText('Your phone gave no position, so the answer went without it.')).toBeTruthy();
  });

  it('keeps the answer on the phone when there is no signal, with the same id when it is sent later', async () => {
    givePosition(null);
    let online = false;
    const net = interceptFetch({
      'POST /api/my-rally-app/answers': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return answered;
      },
    });
    const { shared, box } = memoryQueue();
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <AnswerForm clueId={7} />
      </RallyQueueProvider>,
    );
    await user.type(screen.getByLabelText('Your answer'), 'Gorey');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await vi.waitFor(() => expect(net.changes()).toHaveLength(1));
    expect(box.saved).toHaveLength(1);
    const kept = box.saved[0]!;

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(box.saved).toEqual([]));
    const sends = net.changes();
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sends.map((s) => (s.body as { clientId: string }).clientId))).toEqual(new Set([kept.clientId]));
  });

  it('asks for an answer instead of sending an empty one', async () => {
    const net = interceptFetch({});
    const { shared } = memoryQueue();
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <AnswerForm clueId={7} />
      </RallyQueueProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Please type your answer.')).toBeTruthy();
    expect(net.changes()).toEqual([]);
  });
});
