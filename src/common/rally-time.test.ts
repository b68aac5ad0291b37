import { describe, expect, it } from 'vitest';
import { fromRallyLocalInput } from './rally-local-input';
import { isTimeZone, rallyDate, rallyDayTime, rallyTime, timesAreIn, toRallyLocalInput, zoneAbbreviation } from './rally-time';

describe('the rally clock', () => {
  const summer = '2026-09-10T14:30:00Z';

  it('shows an instant in the rally zone, not the machine zone', () => {
    expect(rallyTime(summer, 'Europe/Paris')).toBe('16:30');
    expect(rallyTime(summer, 'Europe/London')).toBe('15:30');
    expect(rallyDayTime(summer, 'Europe/Paris')).toBe('Thu 10 Sept, 16:30');
  });

  it('turns the day over at midnight in the rally zone', () => {
    expect(rallyDate('2026-09-10T22:30:00Z', 'Europe/Paris')).toBe('2026-09-11');
    expect(rallyDate('2026-09-10T22:30:00Z', 'Europe/London')).toBe('2026-09-10');
  });

  it('names the zone with its summer and winter abbreviations', () => {
    expect(zoneAbbreviation('Europe/Paris', summer)).toBe('CEST');
    expect(zoneAbbreviation('Europe/Paris', '2026-12-01T12:00:00Z')).toBe('CET');
    expect(timesAreIn('Europe/Paris', summer)).toBe('Times are Paris time (CEST).');
  });

  it('reads a time typed in the rally zone as that instant, both ways', () => {
    expect(fromRallyLocalInput('2026-09-10T16:30', 'Europe/Paris')).toBe('2026-09-10T14:30:00.000Z');
    expect(toRallyLocalInput('2026-09-10T14:30:00.000Z', 'Europe/Paris')).toBe('2026-09-10T16:30');
    expect(fromRallyLocalInput('not a time', 'Europe/Paris')).toBeNull();
  });

  it('knows real zone names only', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
