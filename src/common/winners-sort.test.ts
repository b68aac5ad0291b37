import { describe, expect, it } from 'vitest';
import { defaultWinnerSort, nextWinnerSort, sortWinners } from './winners-sort';
import type { WinnerRecord } from './schemas/winners';

const winners: WinnerRecord[] = [
  { year: 2008, destination: 'Monaco', winners: 'Peter Le Sueur & Mark Renouf', teamName: 'The Trailblazers' },
  { year: 2009, destination: 'Barcelona, Spain', winners: 'Sarah Le Brocq & Emma Vibert', teamName: 'Catalan Crusaders' },
  { year: 2011, destination: 'Monaco', winners: 'David Le Feuvre & Chris Amy', teamName: 'TBD' },
  { year: 2012, destination: 'St Tropez, France', winners: 'Lucy Querée & Hannah Le Cornu', teamName: 'Riviera Rockets' },
  { year: 2017, destination: 'milan, Italy', winners: 'Kate Le Maistre & Jo Journeaux', teamName: 'TBD' },
  { year: 2018, destination: 'Monaco', winners: 'Paul Gallichan & Steve Le Sueur', teamName: 'Monaco or Bust' },
];

describe('winners sort', () => {
  it('starts with year descending', () => {
    const years = sortWinners(winners, defaultWinnerSort).map((w) => w.year);
    expect(years[0]).toBe(2018);
    expect(years.at(-1)).toBe(2008);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('toggles the active column and selects another ascending', () => {
    const toggled = nextWinnerSort(defaultWinnerSort, 'year');
    expect(toggled).toEqual({ field: 'year', direction: 'asc' });
    expect(nextWinnerSort(toggled, 'year')).toEqual({ field: 'year', direction: 'desc' });
    expect(nextWinnerSort({ field: 'year', direction: 'desc' }, 'teamName')).toEqual({ field: 'teamName', direction: 'asc' });
  });

  it('compares numbers as numbers, not text', () => {
    const list: WinnerRecord[] = [
      { year: 900, destination: 'b', winners: 'x', teamName: 'x' },
      { year: 2010, destination: 'a', winners: 'y', teamName: 'y' },
    ];
    expect(sortWinners(list, { field: 'year', direction: 'asc' }).map((w) => w.year)).toEqual([900, 2010]);
  });

  it('compares text case-insensitively and does not change its input', () => {
    const copy = [...winners];
    const names = sortWinners(winners, { field: 'destination', direction: 'asc' }).map((w) => w.destination);
    expect(names[0]).toBe('Barcelona, Spain');
    expect(names.at(-1)).toBe('St Tropez, France');
    expect(winners).toEqual(copy);
    const desc = sortWinners(winners, { field: 'teamName', direction: 'desc' }).map((w) => w.teamName);
    expect(desc.slice(0, 3)).toEqual(['The Trailblazers', 'TBD', 'TBD']);
  });
});
