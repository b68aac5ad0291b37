import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { historicParticipants } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.db.insert(historicParticipants).values([
    {
      year: 2017,
      rank: 2,
      carNumber: 12,
      teamName: 'Milan Mob',
      driverFirstName: 'Ann',
      driverLastName: 'Le Brun',
      carModel: 'Fiat 500',
      totalScore: 800,
      email: 'ann@example.je',
      emailOptIn: true,
      unsubscribeToken: 'tok-ann',
    },
    {
      year: 2017,
      rank: 1,
      carNumber: 3,
      teamName: 'Alpine Aces',
      driverFirstName: 'Tom',
      driverLastName: 'Pallot',
      coDriverFirstName: 'Jo',
      coDriverLastName: 'Hamon',
      coDriverEmail: 'jo@example.je',
      coDriverUnsubscribeToken: 'tok-jo',
      carModel: 'Mini',
      totalScore: 950,
    },
    {
      year: 2017,
      rank: null,
      carNumber: 40,
      teamName: 'Late Arrivals',
      driverFirstName: 'Kim',
      driverLastName: 'Vibert',
      totalScore: null,
    },
    {
      year: 2018,
      rank: 1,
      carNumber: 1,
      teamName: 'Monaco or Bust',
      driverFirstName: 'Paul',
      driverLastName: 'Gallichan',
      totalScore: 990,
    },
  ]);
});
afterAll(() => app.close());

const privateFields = [
  'email',
  'coDriverEmail',
  'emailOptIn',
  'coDriverEmailOptIn',
  'unsubscribeToken',
  'coDriverUnsubscribeToken',
  'createdAt',
  'updatedAt',
];

describe('GET /api/participants', () => {
  it('lists every participant, newest year first then by rank with unranked last', async () => {
    const res = await app.inject('/api/participants');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((p: { teamName: string }) => p.teamName)).toEqual(['Monaco or Bust', 'Alpine Aces', 'Milan Mob', 'Late Arrivals']);
    expect(body[1]).toMatchObject({
      year: 2017,
      rank: 1,
      carNumber: 3,
      driverFirstName: 'Tom',
      coDriverLastName: 'Hamon',
      carModel: 'Mini',
      totalScore: 950,
    });
  });

  it('never returns e-mails, opt-ins or unsubscribe tokens', async () => {
    const res = await app.inject('/api/participants');
    const text = res.body;
    for (const p of res.json()) {
      expect(Object.keys(p).sort()).toEqual([
        'carModel',
        'carNumber',
        'coDriverFirstName',
        'coDriverLastName',
        'driverFirstName',
        'driverLastName',
        'id',
        'rank',
        'teamName',
        'totalScore',
        'year',
      ]);
      for (const field of privateFields) expect(p).not.toHaveProperty(field);
    }
    expect(text).not.toContain('example.je');
    expect(text).not.toContain('tok-');
  });
});

describe('GET /api/participants/:year', () => {
  it('lists one year only, without private fields', async () => {
    const res = await app.inject('/api/participants/2017');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(3);
    expect(body.every((p: { year: number }) => p.year === 2017)).toBe(true);
    expect(res.body).not.toContain('example.je');
  });

  it('answers an empty list for a year without a rally', async () => {
    const res = await app.inject('/api/participants/2014');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('rejects a year that is not a number with 400', async () => {
    const res = await app.inject('/api/participants/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect((await app.inject('/api/participants/2017.5')).statusCode).toBe(400);
    expect((await app.inject('/api/participants/99999')).statusCode).toBe(400);
  });
});
