import { describe, expect, it } from 'vitest';
import { findTowns, towns } from './gazetteer';

describe('gazetteer', () => {
  it('holds each town once, on the map', () => {
    expect(towns.length).toBeGreaterThanOrEqual(150);
    expect(new Set(towns.map((t) => t.name)).size).toBe(towns.length);
    for (const {
      name,
      coordinates: [lon, lat],
    } of towns) {
      expect([name, lon >= -11 && lon <= 17, lat >= 36 && lat <= 54]).toEqual([name, true, true]);
    }
  });

  it('finds towns by the start of their name first, whatever the case or accents', () => {
    expect(findTowns('nim').map((t) => t.name)).toEqual(['Nîmes']);
    expect(findTowns('ST MA')[0]).toEqual({ name: 'St Malo', country: 'France', coordinates: [-2.026, 48.649] });
    expect(findTowns('bor').map((t) => t.name)).toEqual(['Bordeaux']);
    expect(findTowns('rome').map((t) => t.name)).toEqual(['Rome']);
    expect(findTowns('deaux').map((t) => t.name)).toEqual(['Bordeaux']);
    expect(findTowns('  ')).toEqual([]);
    expect(findTowns('a', 3)).toHaveLength(3);
  });
});
