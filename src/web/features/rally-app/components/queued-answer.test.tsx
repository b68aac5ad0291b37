import { afterEach, describe, expect, it, vi } from 'vitest';
import { interceptFetch, renderForm } from '../../../test/form-harness';
import { memoryQueueStorage } from '../memory-queue-storage';
import { newSharedQueue, RallyQueueProvider, useRallyQueue } from '../rally-queue';
import { DAY_OVER_NO_EDIT, isQueuedAnswer, QueuedAnswer } from './queued-answer';

/** The clue's day: 10 September 2026, in Paris (the rally's zone by default). */
const CLUE_DATE = '2026-09-10';

function Queued() {
  const { queued } = useRallyQueue();
  return queued.filter(isQueuedAnswer).map((q) => <QueuedAnswer key={q.act.clientId} queued={q} clueDate={CLUE_DATE} />);
}

/** The phone's (and site's) clock at `iso`; only Date is faked, so the page's timers run as usual. */
const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
afterEach(() => {
  vi.useRealTimers();
});

describe('an answer waiting on the phone', () => {
  it('can be edited (a new act replaces it) or withdrawn before it is sent', async () => {
    clockAt('2026-09-10T21:55:00Z'); // 23:55 in Paris
    interceptFetch({});
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const memory = memoryQueueStorage();
    const shared = newSharedQueue(memory.storage);
    await shared.queue.add({ kind: 'answer', clientId: 'first', clueId: 4, text: 'Mont Saint Michal', madeAt: '2026-09-10T12:00:00Z' });
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <Queued />
      </RallyQueueProvider>,
    );
    expect(await screen.findByText('Answer waiting to send: “Mont Saint Michal”')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Change your answer'));
    await user.type(screen.getByLabelText('Change your answer'), 'Mont Saint Michel');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('Answer waiting to send: “Mont Saint Michel”')).toBeTruthy();
    const [edited] = memory.saved();
    expect(memory.saved()).toHaveLength(1);
    expect(edited).toMatchObject({ kind: 'answer', clueId: 4, text: 'Mont Saint Michel' });
    expect(edited!.clientId).not.toBe('first');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(screen.queryByText(/Answer waiting to send/)).toBeNull());
    expect(memory.saved()).toEqual([]);
  });

  it("can no longer be edited once its clue's day is over in the rally's zone, says why, and can still be withdrawn", async () => {
    clockAt('2026-09-10T22:01:00Z'); // 00:01 on 11 September in Paris, still 23:01 in London
    interceptFetch({});
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const memory = memoryQueueStorage();
    const shared = newSharedQueue(memory.storage);
    await shared.queue.add({ kind: 'answer', clientId: 'late', clueId: 4, text: 'Mont Saint Michel', madeAt: '2026-09-10T21:50:00Z' });
    const { user, screen } = renderForm(
      <RallyQueueProvider userId="u1" shared={shared}>
        <Queued />
      </RallyQueueProvider>,
    );
    expect(await screen.findByText('Answer waiting to send: “Mont Saint Michel”')).toBeTruthy();
    expect(screen.getByText(DAY_OVER_NO_EDIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // Kept as made, before midnight.
    expect(memory.saved()).toEqual([expect.objectContaining({ clientId: 'late', madeAt: '2026-09-10T21:50:00Z' })]);

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() => expect(screen.queryByText(/Answer waiting to send/)).toBeNull());
    expect(memory.saved()).toEqual([]);
  });
});
