import { describe, expect, it } from 'vitest';
import { formatPence, parsePoundsInput, penceToPounds, poundsToPence } from './money';

describe('money', () => {
  it('turns typed pounds into pence, rounding to the nearest penny', () => {
    expect(parsePoundsInput('12')).toBe(1200);
    expect(parsePoundsInput(' 12.5 ')).toBe(1250);
    expect(parsePoundsInput('.5')).toBe(50);
    expect(parsePoundsInput('12.345')).toBe(1235);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
  });

  it('refuses what is not a plain amount above zero', () => {
    for (const input of ['', '0', '0.001', '-5', '12abc', '1,000', '£5', '1e3', 'Infinity', 'NaN', '.', '9'.repeat(20)]) {
      expect({ input, pence: parsePoundsInput(input) }).toEqual({ input, pence: null });
    }
  });

  it('shows pence as pounds', () => {
    expect(penceToPounds(1250)).toBe('12.50');
    expect(penceToPounds(5)).toBe('0.05');
    expect(formatPence(123456)).toBe('£1,234.56');
  });
});
