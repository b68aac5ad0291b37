import { describe, expect, it } from 'vitest';
import { mergeResults, planImport, type StoredResult } from './merge-results';

const names = new Map([
  [1, 'Aces'],
  [2, 'Bay'],
  [3, 'Cats'],
]);
const current = new Map<number, StoredResult>([
  [1, { rank: 1, carNumber: 11, score: 900 }],
  [2, { rank: 2, carNumber: 12, score: 800 }],
]);
const row = (line: number, signupId: number, rank: number, carNumber: number) => ({
  line,
  teamName: names.get(signupId) ?? '',
  entry: { signupId, rank, carNumber, score: null },
});

describe('merging results', () => {
  it('lets two teams swap in one save and refuses a rank a team keeps', () => {
    const swap = mergeResults(names, current, [
      { signupId: 1, rank: 2, carNumber: 11, score: 1 },
      { signupId: 2, rank: 1, carNumber: 12, score: 2 },
    ]);
    expect(swap.rejected).toEqual([]);
    expect(swap.next.get(2)).toEqual({ rank: 1, carNumber: 12, score: 2 });
    const taken = mergeResults(names, current, [{ signupId: 3, rank: 2, carNumber: 13, score: null }]);
    expect(taken.rejected).toEqual([{ index: 0, field: 'rank', message: 'Rank 2 is also given to Bay' }]);
  });

  it('lets teams filled from the treasure hunt wait for their car numbers without clashing', () => {
    const filled = new Map<number, StoredResult>([
      [1, { rank: 1, carNumber: null, score: 70 }],
      [2, { rank: 2, carNumber: null, score: 50 }],
    ]);
    const typed = mergeResults(names, filled, [{ signupId: 3, rank: 3, carNumber: 13, score: 10 }]);
    expect(typed.rejected).toEqual([]);
    expect(typed.next.get(2)).toEqual({ rank: 2, carNumber: null, score: 50 });
    const imported = planImport(names, filled, [row(2, 3, 3, 13)]);
    expect(imported.skipped).toEqual([]);
  });

  it('reads a file in order: it replaces the results of the teams it names, a clash or a second row is skipped', () => {
    const plan = planImport(names, current, [row(2, 2, 1, 12), row(3, 1, 2, 11), row(4, 3, 2, 13), row(5, 1, 3, 14)]);
    expect(plan.accepted.map((c) => c.line)).toEqual([2, 3]);
    expect(plan.skipped).toEqual([
      { line: 4, reason: 'Cats: Rank 2 is also given to Aces' },
      { line: 5, reason: 'Aces was already matched on line 3' },
    ]);
    expect([...plan.next.entries()].sort()).toEqual([
      [1, { rank: 2, carNumber: 11, score: null }],
      [2, { rank: 1, carNumber: 12, score: null }],
    ]);
  });

  it('keeps the earlier result of a team whose every row was skipped, when it still fits', () => {
    const plan = planImport(names, current, [row(2, 1, 2, 11)]);
    expect(plan.skipped).toEqual([{ line: 2, reason: 'Aces: Rank 2 is also given to Bay' }]);
    expect(plan.next.get(1)).toEqual({ rank: 1, carNumber: 11, score: 900 });
  });
});
