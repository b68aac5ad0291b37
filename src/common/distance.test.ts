import { describe, expect, it } from 'vitest';
import { distanceMetres } from './distance';

describe('distanceMetres', () => {
  it('is zero for the same point', () => {
    expect(distanceMetres({ lat: 49.186, lng: -2.107 }, { lat: 49.186, lng: -2.107 })).toBe(0);
  });

  it('gives one degree of latitude as about 111.2 km', () => {
    expect(distanceMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const atSixty = distanceMetres({ lat: 60, lng: 0 }, { lat: 60, lng: 1 });
    expect(atSixty).toBeGreaterThan(55_500);
    expect(atSixty).toBeLessThan(55_700);
  });

  it('measures Paris to Lyon as about 392 km, the same either way', () => {
    const paris = { lat: 48.857, lng: 2.352 };
    const lyon = { lat: 45.764, lng: 4.836 };
    expect(distanceMetres(paris, lyon) / 1000).toBeCloseTo(392, 0);
    expect(distanceMetres(lyon, paris)).toBe(distanceMetres(paris, lyon));
  });

  it('tells 40 m from 60 m around a 50 m radius', () => {
    const place = { lat: 48.649, lng: -2.026 };
    // 1e-5 degrees of latitude is about 1.11 m.
    expect(distanceMetres(place, { lat: 48.649 + 36e-5, lng: -2.026 })).toBeLessThan(50);
    expect(distanceMetres(place, { lat: 48.649 + 54e-5, lng: -2.026 })).toBeGreaterThan(50);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMetres({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(111_195, -1);
  });
});
