import { describe, expect, it } from 'vitest';
import { computedTiles, formatFundsRaised, parseDistanceKm, shownTiles } from './rally-stats';

describe('rally in numbers', () => {
  it('reads a distance however it was typed', () => {
    expect(parseDistanceKm('1,336 km')).toBe(1336);
    expect(parseDistanceKm('904km')).toBe(904);
    expect(parseDistanceKm('1 240 km')).toBe(1240);
    expect(parseDistanceKm('1.077 km')).toBe(1077);
    expect(parseDistanceKm(' 1336 ')).toBe(1336);
    expect(parseDistanceKm('about 1,400 kilometres')).toBe(1400);
    expect(parseDistanceKm('100 miles')).toBe(161);
    expect(parseDistanceKm('')).toBe(0);
    expect(parseDistanceKm('to be confirmed')).toBe(0);
  });

  it('rounds money raised down to a round figure with a plus', () => {
    expect(formatFundsRaised(15_000_000)).toBe('£150K+');
    expect(formatFundsRaised(15_240_500)).toBe('£150K+');
    expect(formatFundsRaised(15_999_999)).toBe('£150K+');
    expect(formatFundsRaised(16_000_000)).toBe('£160K+');
    expect(formatFundsRaised(250_000)).toBe('£2K+');
    expect(formatFundsRaised(45_050)).toBe('£450');
  });

  it('shows an override where one is set and the computed figure elsewhere', () => {
    const computed = computedTiles({ rallies: 10, ralliers: 0, kilometres: 11770, fundsPence: 15_240_500 });
    expect(computed).toEqual({ rallies: '10', ralliers: '0', kilometres: '11,770', funds: '£150K+' });
    expect(shownTiles(computed, { rallies: null, ralliers: '234', kilometres: '12,218', funds: null })).toEqual({
      rallies: '10',
      ralliers: '234',
      kilometres: '12,218',
      funds: '£150K+',
    });
    expect(shownTiles(computed, { rallies: null, ralliers: null, kilometres: null, funds: null })).toEqual(computed);
  });

  it('adds the rallies after the historic figures to a count override, and shows a worded override as typed', () => {
    const computed = computedTiles({ rallies: 11, ralliers: 3, kilometres: 12_759, fundsPence: 15_240_500 });
    const later = { rallies: 1, ralliers: 3, kilometres: 989 };
    expect(shownTiles(computed, { rallies: null, ralliers: '234', kilometres: '12,218', funds: '£1M' }, later)).toEqual({
      rallies: '11',
      ralliers: '237',
      kilometres: '13,207',
      funds: '£1M',
    });
    expect(shownTiles(computed, { rallies: '10', ralliers: 'Over 200', kilometres: null, funds: null }, later)).toMatchObject({
      rallies: '11',
      ralliers: 'Over 200',
      kilometres: '12,759',
    });
  });
});
