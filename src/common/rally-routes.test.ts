import { describe, expect, it } from 'vitest';
import { findRoute, rallyRoutes } from './rally-routes';

describe('rally routes', () => {
  it('finds a route by its id', () => {
    expect(findRoute('y2026')?.stops.at(-1)?.name).toBe('Cannes');
    expect(findRoute('y2014')).toBeUndefined();
    expect(findRoute(null)).toBeUndefined();
  });

  it('starts in Jersey, crosses to St Malo, has 1-3 stops and ends at the destination', () => {
    for (const route of rallyRoutes) {
      expect(route.stops[0]?.name).toBe('Jersey');
      expect(route.stops[1]?.name).toBe('St Malo');
      expect(route.stops.length - 3).toBeGreaterThanOrEqual(1);
      expect(route.stops.length - 3).toBeLessThanOrEqual(3);
      for (const {
        coordinates: [lon, lat],
      } of route.stops) {
        expect(lon).toBeGreaterThan(-6);
        expect(lon).toBeLessThan(11);
        expect(lat).toBeGreaterThan(41);
        expect(lat).toBeLessThan(51);
      }
    }
  });
});
