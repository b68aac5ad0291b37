import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange, rallyDates, tripDates, tripLength } from './rally-dates';

describe('formatDayRange', () => {
  it('words days within one month as the spec does', () => {
    expect(formatDayRange('2026-09-09', '2026-09-12')).toBe('9-12 September 2026');
    expect(formatDayRange('2031-06-01', '2031-06-05')).toBe('1-5 June 2031');
  });

  it('names both months when the range crosses a month', () => {
    expect(formatDayRange('2026-08-30', '2026-09-02')).toBe('30 August - 2 September 2026');
  });

  it('names both years when the range crosses a year', () => {
    expect(formatDayRange('2026-12-30', '2027-01-02')).toBe('30 December 2026 - 2 January 2027');
  });

  it('gives a single day once', () => {
    expect(formatDayRange('2026-09-09', '2026-09-09')).toBe('9 September 2026');
    expect(formatDay('2027-02-28')).toBe('28 February 2027');
  });
});

describe('the two readings of the rally dates', () => {
  const spec = { rallyStart: '2026-09-09', rallyEnd: '2026-09-12', tripStart: '2026-09-09', tripEnd: '2026-09-13' };

  it('come from the same settings: the rally days and the whole trip', () => {
    expect(rallyDates(spec)).toBe('9-12 September 2026');
    expect(tripDates(spec)).toBe('9-13 September 2026');
    expect(tripLength(spec)).toBe('Five days');
    expect(tripLength({ ...spec, tripEnd: '2026-09-09' })).toBe('One day');
    expect(tripLength({ ...spec, tripEnd: '2026-09-20' })).toBe('12 days');
  });

  it('both follow when the rally moves', () => {
    const moved = { rallyStart: '2026-09-30', rallyEnd: '2026-10-03', tripStart: '2026-09-30', tripEnd: '2026-10-04' };
    expect(rallyDates(moved)).toBe('30 September - 3 October 2026');
    expect(tripDates(moved)).toBe('30 September - 4 October 2026');
  });
});
