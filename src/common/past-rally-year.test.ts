import { describe, expect, it } from 'vitest';
import { pastRallyYearToAdd } from './past-rally-year';

describe('the year a new past rally defaults to', () => {
  it('is last year when last year has no rally yet, whatever the newest rally is', () => {
    expect(pastRallyYearToAdd(2026, [2016, 2017, 2018])).toBe(2025);
  });
  it('is the latest earlier year without a rally when the last ones are in', () => {
    expect(pastRallyYearToAdd(2026, [2023, 2024, 2025])).toBe(2022);
  });
  it('is never the current season or later', () => {
    expect(pastRallyYearToAdd(2026, [])).toBe(2025);
  });
});
