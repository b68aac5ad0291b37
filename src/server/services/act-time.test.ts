import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { keptMadeAt, MADE_BEFORE_POSSIBLE } from './act-time';

describe("an act's time as the site keeps it", () => {
  const now = new Date('2026-09-10T15:40:00Z');
  const release = new Date('2026-09-10T09:00:00Z');

  it('keeps the time the act was made, hours before it arrived', () => {
    expect(keptMadeAt('2026-09-10T14:05:00+02:00', { now, notBefore: release }).toISOString()).toBe('2026-09-10T12:05:00.000Z');
  });

  it('takes the arrival time when the app sent none', () => {
    expect(keptMadeAt(undefined, { now })).toBe(now);
  });

  it('takes now for a time in the future, never refusing a phone whose clock is ahead', () => {
    expect(keptMadeAt('2026-09-10T15:47:00Z', { now })).toBe(now);
  });

  it('refuses a time well before the act could have been made, with the reason', () => {
    expect(() => keptMadeAt('2026-09-10T06:00:01Z', { now, notBefore: release })).toThrowError(new HttpError(400, MADE_BEFORE_POSSIBLE));
  });

  it('takes a time just before the earliest possible one as that one (a clock a little behind)', () => {
    expect(keptMadeAt('2026-09-10T08:59:30Z', { now, notBefore: release })).toEqual(release);
  });
});
