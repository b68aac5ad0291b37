import { describe, expect, it } from 'vitest';
import { BEFORE_RELEASE, DAY_OVER, FUTURE_TIME, NOT_RELEASED, TOO_LATE, assertMayAct, rallyDays, todayOf } from './rally-days';
import { rankStandings } from './standings';

const rally = { rallyStart: '2026-09-09', rallyEnd: '2026-09-12' };
const clue = { date: '2026-09-10', releaseAt: new Date('2026-09-10T08:00:00Z') };
const refusal = (acted: string, now: string) => {
  try {
    assertMayAct(clue, new Date(acted), new Date(now));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('rally days', () => {
  it('numbers the settings’ rally days from 1', () => {
    expect(rallyDays(rally).map((d) => `${d.day} ${d.date}`)).toEqual(['1 2026-09-09', '2 2026-09-10', '3 2026-09-11', '4 2026-09-12']);
  });

  it('turns the day over at midnight in Jersey, not in UTC', () => {
    expect(todayOf(rally, new Date('2026-09-09T23:30:00Z'))).toEqual({ day: 2, date: '2026-09-10' });
    expect(todayOf(rally, new Date('2026-09-13T12:00:00Z'))).toBeNull();
  });
});

describe('when a team may act on a clue', () => {
  it('from its release to the end of its day, by the time the act was made', () => {
    expect(refusal('2026-09-10T09:00:00Z', '2026-09-10T09:00:00Z')).toBeNull();
    expect(refusal('2026-09-10T07:00:00Z', '2026-09-10T07:00:00Z')).toBe(NOT_RELEASED);
    expect(refusal('2026-09-10T07:59:00Z', '2026-09-10T09:00:00Z')).toBe(BEFORE_RELEASE);
    expect(refusal('2026-09-10T23:30:00Z', '2026-09-10T23:30:00Z')).toBe(DAY_OVER); // 00:30 in Jersey
  });

  it('takes an act queued offline until the end of the next day, and not a phone clock far ahead', () => {
    expect(refusal('2026-09-10T22:00:00Z', '2026-09-11T20:00:00Z')).toBeNull();
    expect(refusal('2026-09-10T22:00:00Z', '2026-09-11T23:30:00Z')).toBe(TOO_LATE);
    expect(refusal('2026-09-10T09:04:00Z', '2026-09-10T09:00:00Z')).toBeNull();
    expect(refusal('2026-09-10T09:06:00Z', '2026-09-10T09:00:00Z')).toBe(FUTURE_TIME);
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
