import { describe, expect, it } from 'vitest';
import { BEFORE_RELEASE, DAY_OVER, NOT_RELEASED, endOfDay, madeAtForClue, rallyDays, todayOf, tooLate } from './rally-days';
import { rankStandings } from './standings';

const rally = { rallyStart: '2026-09-09', rallyEnd: '2026-09-12', timeZone: 'Europe/Paris', actGraceHours: 12 };
const clue = { date: '2026-09-10', releaseAt: new Date('2026-09-10T08:00:00Z') };
const outcome = (made: string | undefined, now: string, settings = rally) => {
  try {
    return madeAtForClue(clue, made, settings, new Date(now)).toISOString();
  } catch (error) {
    return (error as Error).message;
  }
};

describe('rally days', () => {
  it('numbers the settings’ rally days from 1', () => {
    expect(rallyDays(rally).map((d) => `${d.day} ${d.date}`)).toEqual(['1 2026-09-09', '2 2026-09-10', '3 2026-09-11', '4 2026-09-12']);
  });

  it("turns the day over at midnight in the rally's time zone, not in UTC", () => {
    expect(todayOf(rally, new Date('2026-09-09T22:30:00Z'))).toEqual({ day: 2, date: '2026-09-10' });
    expect(todayOf({ ...rally, timeZone: 'Europe/London' }, new Date('2026-09-09T22:30:00Z'))).toEqual({ day: 1, date: '2026-09-09' });
    expect(todayOf(rally, new Date('2026-09-13T12:00:00Z'))).toBeNull();
    expect(endOfDay('2026-09-10', 'Europe/Paris').toISOString()).toBe('2026-09-10T22:00:00.000Z');
  });
});

describe('when a team may act on a clue, and when its act counts as made', () => {
  it('from its release to the end of its day, by the time the act was made', () => {
    expect(outcome('2026-09-10T09:00:00Z', '2026-09-10T09:00:00Z')).toBe('2026-09-10T09:00:00.000Z');
    expect(outcome(undefined, '2026-09-10T09:00:00Z')).toBe('2026-09-10T09:00:00.000Z');
    expect(outcome('2026-09-10T07:00:00Z', '2026-09-10T07:00:00Z')).toBe(NOT_RELEASED);
    expect(outcome('2026-09-10T22:30:00Z', '2026-09-10T22:30:00Z')).toBe(DAY_OVER); // 00:30 in Paris
  });

  it('takes a time in the future as now, never refusing a phone whose clock is ahead', () => {
    expect(outcome('2026-09-10T09:30:00Z', '2026-09-10T09:00:00Z')).toBe('2026-09-10T09:00:00.000Z');
  });

  it('refuses a time before the release with the reason', () => {
    expect(outcome('2026-09-10T07:50:00Z', '2026-09-10T09:00:00Z')).toBe(BEFORE_RELEASE);
  });

  it('counts an act made at 23:50 and arriving at 00:30 for its day, and refuses one arriving after the grace', () => {
    // 23:50 and 00:30 in Paris (CEST).
    expect(outcome('2026-09-10T23:50:00+02:00', '2026-09-11T00:30:00+02:00')).toBe('2026-09-10T21:50:00.000Z');
    expect(outcome('2026-09-10T23:50:00+02:00', '2026-09-11T11:59:00+02:00')).toBe('2026-09-10T21:50:00.000Z');
    expect(outcome('2026-09-10T23:50:00+02:00', '2026-09-11T12:01:00+02:00')).toBe(tooLate(12));
    expect(outcome('2026-09-10T23:50:00+02:00', '2026-09-11T03:00:00+02:00', { ...rally, actGraceHours: 2 })).toBe(tooLate(2));
  });
});

describe('rankStandings', () => {
  it('breaks a tie on total by the earlier receipt of the last scoring answer, then by the earlier registration; nothing scored comes after; every team has a place of its own', () => {
    const team = (signupId: number, teamName: string, total: number, lastScoredAt: string | null) => ({
      signupId,
      teamName,
      total,
      lastScoredAt,
    });
    const ranked = rankStandings([
      team(1, 'Late', 50, '2026-09-10T11:00:00Z'),
      team(2, 'None', 0, null),
      team(3, 'Zero but scored', 0, '2026-09-10T09:00:00Z'),
      team(7, 'Early', 50, '2026-09-10T10:00:00Z'),
      team(4, 'Zebra, also early', 50, '2026-09-10T10:00:00Z'),
      team(5, 'Top', 90, '2026-09-10T12:00:00Z'),
      team(6, 'Also none', 0, null),
    ]);
    expect(ranked.map((t) => `${t.rank} ${t.teamName}`)).toEqual([
      '1 Top',
      // Level to the millisecond: the team that registered first (lower number), not the alphabet.
      '2 Zebra, also early',
      '3 Early',
      '4 Late',
      '5 Zero but scored',
      '6 None',
      '7 Also none',
    ]);
  });
});
