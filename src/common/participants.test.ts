import { describe, expect, it } from 'vitest';
import { filterParticipants, fullNameOrDash, matchesParticipantSearch, orDash, participantYears, type Participant } from './participants';

const p = (over: Partial<Participant>): Participant => ({
  id: 1,
  year: 2018,
  rank: 1,
  carNumber: 7,
  teamName: 'Monaco or Bust',
  driverFirstName: 'Paul',
  driverLastName: 'Gallichan',
  coDriverFirstName: 'Steve',
  coDriverLastName: 'Le Sueur',
  carModel: 'Volvo 240',
  totalScore: 900,
  ...over,
});

describe('participant search', () => {
  it('matches team, driver full name, co-driver full name and car model, ignoring case', () => {
    const row = p({});
    expect(matchesParticipantSearch(row, 'monaco')).toBe(true);
    expect(matchesParticipantSearch(row, 'PAUL GALL')).toBe(true);
    expect(matchesParticipantSearch(row, 'steve le sueur')).toBe(true);
    expect(matchesParticipantSearch(row, 'volvo')).toBe(true);
    expect(matchesParticipantSearch(row, 'ferrari')).toBe(false);
    expect(matchesParticipantSearch(row, '   ')).toBe(true);
  });

  it('does not match across fields or on empty values', () => {
    const row = p({ teamName: null, carModel: null, coDriverFirstName: null, coDriverLastName: null });
    expect(matchesParticipantSearch(row, 'gallichan volvo')).toBe(false);
    expect(matchesParticipantSearch(row, 'null')).toBe(false);
  });

  it('filters by year and search together', () => {
    const list = [p({ id: 1 }), p({ id: 2, year: 2017, teamName: 'Alpine Aces' }), p({ id: 3, year: 2017, teamName: 'Milan Mob' })];
    expect(filterParticipants(list, '', 'all').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterParticipants(list, '', 2017).map((r) => r.id)).toEqual([2, 3]);
    expect(filterParticipants(list, 'aces', 2017).map((r) => r.id)).toEqual([2]);
    expect(filterParticipants(list, 'aces', 2018)).toEqual([]);
  });

  it('lists distinct years newest first', () => {
    expect(participantYears([p({ year: 2010 }), p({ year: 2018 }), p({ year: 2010 }), p({ year: 2015 })])).toEqual([2018, 2015, 2010]);
  });
});

describe('display rules', () => {
  it('shows a full name only when both parts exist', () => {
    expect(fullNameOrDash('Ann', 'Le Brun')).toBe('Ann Le Brun');
    expect(fullNameOrDash('Ann', null)).toBe('-');
    expect(fullNameOrDash(null, 'Le Brun')).toBe('-');
  });

  it('shows a dash for empty values but keeps zero', () => {
    expect(orDash(null)).toBe('-');
    expect(orDash('')).toBe('-');
    expect(orDash(0)).toBe('0');
    expect(orDash('Mini')).toBe('Mini');
  });
});
