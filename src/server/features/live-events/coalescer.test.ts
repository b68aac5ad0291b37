import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../common/schemas/live-events';
import { EventCoalescer } from './coalescer';

afterEach(() => {
  vi.useRealTimers();
});

function coalescer(busy?: () => boolean) {
  vi.useFakeTimers();
  const sent: LiveEvent[] = [];
  return { sent, events: new EventCoalescer((e) => sent.push(e), { windowMs: 300, maxHoldMs: 3000, busy }) };
}

describe('gathering live events', () => {
  it('sends an event that finds it idle at once, and gathers the burst behind it into one event per kind', () => {
    const { sent, events } = coalescer();
    events.push({ kind: 'standings.changed', signupId: 1 });
    expect(sent).toEqual([{ kind: 'standings.changed', signupId: 1 }]);
    events.push({ kind: 'standings.changed', signupId: 2 });
    events.push({ kind: 'positions.changed' });
    events.push({ kind: 'standings.changed', signupId: 3 });
    expect(sent).toHaveLength(1);
    vi.runOnlyPendingTimers();
    // Several teams' changes: the merged event names none of them, so pages refetch everything.
    expect(sent).toEqual([{ kind: 'standings.changed', signupId: 1 }, { kind: 'standings.changed' }, { kind: 'positions.changed' }]);
  });

  it('keeps the ids every event of a kind agreed on', () => {
    const { sent, events } = coalescer();
    events.push({ kind: 'positions.changed' });
    events.push({ kind: 'standings.changed', signupId: 4, id: 9 });
    events.push({ kind: 'standings.changed', signupId: 4, id: 10 });
    vi.runOnlyPendingTimers();
    expect(sent.at(-1)).toEqual({ kind: 'standings.changed', signupId: 4 });
  });

  it('passes the kinds it does not gather at once, ids and all, even inside a window', () => {
    const { sent, events } = coalescer();
    events.push({ kind: 'standings.changed', signupId: 1 });
    events.push({ kind: 'updates.changed', signupId: 2, id: 3 });
    events.push({ kind: 'updates.changed', signupId: 4, id: 5 });
    expect(sent).toEqual([
      { kind: 'standings.changed', signupId: 1 },
      { kind: 'updates.changed', signupId: 2, id: 3 },
      { kind: 'updates.changed', signupId: 4, id: 5 },
    ]);
  });

  it('never loses the last event of a burst, and goes idle (sending at once again) after a quiet window', () => {
    const { sent, events } = coalescer();
    for (let i = 1; i <= 20; i++) events.push({ kind: 'standings.changed', signupId: i });
    vi.runOnlyPendingTimers();
    expect(sent).toEqual([{ kind: 'standings.changed', signupId: 1 }, { kind: 'standings.changed' }]);
    // The window after a send is open again: an event in it waits for its end, and goes then.
    events.push({ kind: 'standings.changed', signupId: 21 });
    expect(sent).toHaveLength(2);
    vi.runOnlyPendingTimers();
    expect(sent.at(-1)).toEqual({ kind: 'standings.changed', signupId: 21 });
    vi.runOnlyPendingTimers(); // a window with nothing held: idle
    events.push({ kind: 'standings.changed', signupId: 22 });
    expect(sent.at(-1)).toEqual({ kind: 'standings.changed', signupId: 22 });
  });

  it('sends nothing after it is stopped', () => {
    const { sent, events } = coalescer();
    events.push({ kind: 'standings.changed' });
    events.push({ kind: 'positions.changed' });
    events.stop();
    vi.runOnlyPendingTimers();
    expect(sent).toHaveLength(1);
  });

  it('holds events while the instance is busy answering the last change, until it is not or for the longest hold', () => {
    let busy = true;
    const { sent, events } = coalescer(() => busy);
    events.push({ kind: 'standings.changed', signupId: 1 });
    events.push({ kind: 'standings.changed', signupId: 2 });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    busy = false;
    vi.advanceTimersByTime(300);
    expect(sent.at(-1)).toEqual({ kind: 'standings.changed', signupId: 2 });
    busy = true;
    events.push({ kind: 'standings.changed', signupId: 3 });
    vi.advanceTimersByTime(2999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(600);
    expect(sent.at(-1)).toEqual({ kind: 'standings.changed', signupId: 3 });
  });
});
