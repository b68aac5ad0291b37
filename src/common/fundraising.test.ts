import { describe, expect, it } from 'vitest';
import { countedLines, countedTotal } from './fundraising';

describe('countedTotal', () => {
  const typed = { amount: 2000, source: 'participant', paymentMethod: 'justgiving' };
  const cash = { amount: 1500, source: 'participant', paymentMethod: 'cash' };

  it('counts every line while no JustGiving page has been read', () => {
    expect(countedTotal([typed, cash])).toBe(3500);
  });

  it('leaves out typed JustGiving gifts once the page total is in', () => {
    const synced = { amount: 10000, source: 'justgiving', paymentMethod: 'justgiving' };
    expect(countedTotal([typed, cash, synced])).toBe(11500);
    expect(countedLines([typed, cash, synced])).toEqual([cash, synced]);
  });
});
