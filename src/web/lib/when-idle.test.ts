import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, at the latest the timeout, and can be cancelled', () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) =>
      idle.push({ run, timeout: options?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const task = vi.fn();

    whenIdle(task, 500);
    expect(task).not.toHaveBeenCalled();
    expect(idle[0]?.timeout).toBe(500);
    idle[0]!.run();
    expect(task).toHaveBeenCalledOnce();

    whenIdle(task)();
    expect(cancelled).toEqual([2]);
  });

  it('runs in the next task where the browser cannot tell when it is idle, and not once cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ran = vi.fn();
    const cancelledTask = vi.fn();
    whenIdle(ran);
    whenIdle(cancelledTask)();
    expect(ran).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(ran).toHaveBeenCalledOnce();
    expect(cancelledTask).not.toHaveBeenCalled();
  });
});
