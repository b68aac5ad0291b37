import { describe, expect, it } from 'vitest';
import { weeklyTotals } from './cumulative-chart';
import { progressBand } from './progress-bands-chart';

describe('campaign charts', () => {
  it('adds donations into running totals per Monday-start week', () => {
    const points = weeklyTotals([
      { amount: 250, createdAt: '2026-01-20T09:00:00Z' },
      { amount: 1000, createdAt: '2026-01-05T10:00:00Z' },
      { amount: 500, createdAt: '2026-01-11T23:00:00Z' },
    ]);
    expect(points).toEqual([
      { week: '2026-01-05', total: 1500 },
      { week: '2026-01-19', total: 1750 },
    ]);
  });

  it('puts teams into the four progress bands', () => {
    expect(progressBand(0, 100_000)).toBe('none');
    expect(progressBand(49_999, 100_000)).toBe('under');
    expect(progressBand(50_000, 100_000)).toBe('over');
    expect(progressBand(100_000, 100_000)).toBe('met');
  });
});
