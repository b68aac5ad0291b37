import { describe, expect, it, vi } from 'vitest';
import { interceptFetch, renderForm } from '../../../test/form-harness';
import { memoryQueueStorage } from '../memory-queue-storage';
import { newSharedQueue, RallyQueueProvider, useRallyQueue } from '../rally-queue';
import { isQueuedAnswer, QueuedAnswer } from './queued-answer';

function Queued() {
  const { queued } = useRallyQueue();
  return queued.filter(isQueuedAnswer).map((q) => <QueuedAnswer key={q.act.clientId} queued={q} />);
}

describe('an answer waiting on the phone', () => {
  it('can be edited (a new act replaces it) or withdrawn before it is sent', async () => {
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
});
