import { describe, expect, it } from 'vitest';
import { rallyFinished, rallyIsOver, seasonPhase, seasonStory, signupPossible, type SeasonFacts } from './season-phase';

const season: SeasonFacts & { year: number } = {
  year: 2030,
  rallyStart: '2030-09-09',
  rallyEnd: '2030-09-12',
  registrationOpensAt: null,
  registrationClosesAt: null,
  needsReview: [],
};
const at = (iso: string) => new Date(iso);

describe('seasonPhase', () => {
  it('is open before the rally when no registration dates are set', () => {
    expect(seasonPhase(season, at('2030-03-01T12:00:00Z'))).toBe('open');
  });

  it('follows the registration opening and closing times', () => {
    const dated = { ...season, registrationOpensAt: '2030-02-01T09:00:00Z', registrationClosesAt: '2030-07-01T00:00:00Z' };
    expect(seasonPhase(dated, at('2030-01-31T12:00:00Z'))).toBe('not-open');
    expect(seasonPhase(dated, at('2030-02-01T09:00:00Z'))).toBe('open');
    expect(seasonPhase(dated, at('2030-07-01T00:00:00Z'))).toBe('closed');
  });

  it("is under way from the first rally day to the last, in the rally's time zone", () => {
    // 22:30 UTC on 8 September is already the 9th in Paris (CEST).
    expect(seasonPhase(season, at('2030-09-08T21:30:00Z'))).toBe('open');
    expect(seasonPhase(season, at('2030-09-08T22:30:00Z'))).toBe('under-way');
    expect(seasonPhase(season, at('2030-09-12T21:00:00Z'))).toBe('under-way');
  });

  it('is finished after the last day, whatever the registration dates say', () => {
    expect(seasonPhase(season, at('2030-09-12T23:30:00Z'))).toBe('finished');
    expect(seasonPhase({ ...season, registrationClosesAt: '2031-01-01T00:00:00Z' }, at('2030-10-01T12:00:00Z'))).toBe('finished');
  });

  it('is preparing while facts of a new season wait for review, even with registration dates passed', () => {
    const started = { ...season, needsReview: ['dates' as const], registrationOpensAt: '2030-01-01T00:00:00Z' };
    expect(seasonPhase(started, at('2030-03-01T12:00:00Z'))).toBe('preparing');
  });
});

describe('rallyIsOver', () => {
  it("is true for last season's team and for this season's after its last day", () => {
    expect(rallyIsOver(2029, season, at('2030-03-01T12:00:00Z'))).toBe(true);
    expect(rallyIsOver(2030, season, at('2030-03-01T12:00:00Z'))).toBe(false);
    expect(rallyIsOver(2030, season, at('2030-09-12T12:00:00Z'))).toBe(false);
    expect(rallyIsOver(2030, season, at('2030-09-13T12:00:00Z'))).toBe(true);
  });
});

describe('seasonStory', () => {
  const data = { full: false, resultsPublished: false };

  it('tells registration open, full, not yet open and closed apart', () => {
    const dated = { ...season, registrationOpensAt: '2030-02-01T09:00:00Z', registrationClosesAt: '2030-07-01T00:00:00Z' };
    expect(seasonStory(dated, data, at('2030-01-31T12:00:00Z'))).toEqual({ phase: 'not-open' });
    expect(seasonStory(dated, data, at('2030-03-01T12:00:00Z'))).toEqual({ phase: 'open' });
    expect(seasonStory(dated, { ...data, full: true }, at('2030-03-01T12:00:00Z'))).toEqual({ phase: 'full' });
    expect(seasonStory(dated, { ...data, full: true }, at('2030-07-02T12:00:00Z'))).toEqual({ phase: 'closed' });
  });

  it("counts the rally days on the road, in the rally's time zone (Paris unless set)", () => {
    expect(seasonStory(season, data, at('2030-09-08T22:30:00Z'))).toEqual({ phase: 'on-the-road', day: 1, days: 4 });
    expect(seasonStory(season, data, at('2030-09-10T12:00:00Z'))).toEqual({ phase: 'on-the-road', day: 2, days: 4 });
    expect(seasonStory(season, { ...data, full: true }, at('2030-09-12T21:00:00Z'))).toEqual({ phase: 'on-the-road', day: 4, days: 4 });
    expect(seasonStory({ ...season, timeZone: 'Europe/London' }, data, at('2030-09-12T22:30:00Z'))).toEqual({
      phase: 'on-the-road',
      day: 4,
      days: 4,
    });
  });

  it('is over with results pending until they are published', () => {
    expect(seasonStory(season, data, at('2030-09-13T12:00:00Z'))).toEqual({ phase: 'results-pending' });
    expect(seasonStory(season, { ...data, resultsPublished: true }, at('2030-09-13T12:00:00Z'))).toEqual({ phase: 'results-published' });
  });

  it('is preparing while the next season waits for review, whatever the data says', () => {
    const next = { ...season, needsReview: ['dates' as const] };
    expect(seasonStory(next, { full: true, resultsPublished: true }, at('2030-09-13T12:00:00Z'))).toEqual({ phase: 'preparing' });
  });

  it('lets teams sign up only while open or full, and knows when the rally is over', () => {
    expect(signupPossible({ phase: 'open' })).toBe(true);
    expect(signupPossible({ phase: 'full' })).toBe(true);
    for (const phase of ['preparing', 'not-open', 'closed', 'results-pending', 'results-published'] as const)
      expect(signupPossible({ phase })).toBe(false);
    expect(signupPossible({ phase: 'on-the-road', day: 1, days: 4 })).toBe(false);
    expect(rallyFinished({ phase: 'results-pending' })).toBe(true);
    expect(rallyFinished({ phase: 'on-the-road', day: 4, days: 4 })).toBe(false);
  });
});
