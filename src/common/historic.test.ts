import { describe, expect, it } from 'vitest';
import { deriveIndividuals, filterIndividuals, historicStats, participationLabel, type HistoricRecord } from './historic';

let nextId = 1;
const rec = (r: Partial<HistoricRecord>): HistoricRecord => ({
  id: nextId++,
  year: 2010,
  rank: 1,
  carNumber: 1,
  teamName: 'Team',
  driverFirstName: null,
  driverLastName: null,
  coDriverFirstName: null,
  coDriverLastName: null,
  carModel: null,
  totalScore: null,
  email: null,
  coDriverEmail: null,
  emailOptIn: null,
  coDriverEmailOptIn: null,
  ...r,
});

describe('deriveIndividuals', () => {
  it('lists a person once across years and roles, matched by lowercase name', () => {
    const people = deriveIndividuals([
      rec({
        year: 2012,
        driverFirstName: 'Anna',
        driverLastName: 'Vibert',
        coDriverFirstName: 'Tom',
        coDriverLastName: 'Amy',
        email: 'anna@example.je',
      }),
      rec({
        year: 2010,
        driverFirstName: 'tom',
        driverLastName: 'AMY',
        coDriverFirstName: 'ANNA',
        coDriverLastName: 'vibert',
        teamName: 'Swapped',
        rank: 4,
      }),
    ]);
    expect(people.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Tom Amy', 'Anna Vibert']);
    const anna = people[1];
    expect(anna?.email).toBe('anna@example.je');
    expect(anna?.participations).toEqual([
      { year: 2010, role: 'co-driver', teamName: 'Swapped', rank: 4 },
      { year: 2012, role: 'driver', teamName: 'Team', rank: 1 },
    ]);
  });

  it('lists a year and role once, keeps driver and co-driver in the same year apart', () => {
    const people = deriveIndividuals([
      rec({ year: 2015, driverFirstName: 'Ed', driverLastName: 'Le Brun' }),
      rec({ year: 2015, driverFirstName: 'Ed', driverLastName: 'Le Brun' }),
      rec({ year: 2015, coDriverFirstName: 'Ed', coDriverLastName: 'Le Brun' }),
    ]);
    expect(people).toHaveLength(1);
    expect(people[0]?.participations.map(participationLabel)).toEqual(['2015 D', '2015 CD']);
  });

  it('takes the co-driver address for the co-driver role and skips records without names', () => {
    const people = deriveIndividuals([
      rec({ coDriverFirstName: 'Zoe', coDriverLastName: 'Ahier', email: 'driver@x.je', coDriverEmail: 'zoe@x.je' }),
      rec({}),
    ]);
    expect(people).toEqual([
      {
        firstName: 'Zoe',
        lastName: 'Ahier',
        email: 'zoe@x.je',
        participations: [{ year: 2010, role: 'co-driver', teamName: 'Team', rank: 1 }],
      },
    ]);
  });

  it('sorts by last name, then first name, ignoring case', () => {
    const names = deriveIndividuals([
      rec({ driverFirstName: 'B', driverLastName: 'smith', coDriverFirstName: 'A', coDriverLastName: 'Smith' }),
      rec({ driverFirstName: 'C', driverLastName: 'Adams' }),
    ]).map((p) => p.firstName);
    expect(names).toEqual(['C', 'A', 'B']);
  });
});

describe('historicStats and filterIndividuals', () => {
  const people = deriveIndividuals([
    rec({ driverFirstName: 'Anna', driverLastName: 'Vibert', email: 'anna@example.je', coDriverFirstName: 'Tom', coDriverLastName: 'Amy' }),
    rec({ driverFirstName: 'Jo', driverLastName: 'Renouf', email: 'jo@renouf.je' }),
  ]);

  it('counts with and without e-mail and the percent complete (0 when empty)', () => {
    expect(historicStats(people)).toEqual({ total: 3, withEmail: 2, withoutEmail: 1, percentComplete: 67 });
    expect(historicStats([])).toEqual({ total: 0, withEmail: 0, withoutEmail: 0, percentComplete: 0 });
  });

  it('searches name or e-mail in any case and filters by status', () => {
    expect(filterIndividuals(people, 'VIBERT', 'all').map((p) => p.firstName)).toEqual(['Anna']);
    expect(filterIndividuals(people, 'renouf.je', 'all').map((p) => p.firstName)).toEqual(['Jo']);
    expect(filterIndividuals(people, 'tom amy', 'all').map((p) => p.firstName)).toEqual(['Tom']);
    expect(filterIndividuals(people, '', 'without').map((p) => p.firstName)).toEqual(['Tom']);
    expect(filterIndividuals(people, '', 'with')).toHaveLength(2);
  });
});
