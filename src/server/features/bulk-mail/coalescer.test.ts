import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer';

describe('Coalescer', () => {
  it('sends the callers who arrive while a statement runs together in the next one, each with its own answer', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const coalescer = new Coalescer<number, number>(async (inputs) => {
      batches.push(inputs);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return inputs.map((n) => n * 10);
    });
    const first = coalescer.call(1);
    const later = [coalescer.call(2), coalescer.call(3), coalescer.call(4)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects only the callers of the statement that failed, and the next statement still runs', async () => {
    let calls = 0;
    const coalescer = new Coalescer<string, string>(async (inputs) => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return inputs.map((s) => s.toUpperCase());
    });
    const failed = coalescer.call('a');
    const next = coalescer.call('b');
    await expect(failed).rejects.toThrow('database away');
    await expect(next).resolves.toBe('B');
  });
});
