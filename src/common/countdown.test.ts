import { describe, expect, it } from 'vitest';
import { daysUntil } from './countdown';

describe('daysUntil', () => {
  it('counts whole calendar days to the rally', () => {
    expect(daysUntil('2026-09-09', new Date('2026-09-01T12:00:00Z'))).toBe(8);
    expect(daysUntil('2026-09-09', new Date('2025-09-09T10:00:00Z'))).toBe(365);
  });

  it("uses the date in the rally's time zone, not in UTC", () => {
    // 22:30 UTC on 7 September is already 00:30 on the 8th in Paris (CEST), still the 7th in Jersey.
    expect(daysUntil('2026-09-09', new Date('2026-09-07T22:30:00Z'))).toBe(1);
    expect(daysUntil('2026-09-09', new Date('2026-09-07T22:30:00Z'), 'Europe/London')).toBe(2);
  });

  it('is 0 on the day and never below 0 afterwards', () => {
    expect(daysUntil('2026-09-09', new Date('2026-09-09T08:00:00Z'))).toBe(0);
    expect(daysUntil('2026-09-09', new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });
});
