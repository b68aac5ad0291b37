import { describe, expect, it } from 'vitest';
import { findRoute, rallyRoutes } from './rally-routes';
import { rallyHistory } from './rallies';

describe('rally routes', () => {
  it('has a route for every past rally, under its routeId', () => {
    for (const r of rallyHistory) expect(findRoute(r.routeId)?.year).toBe(r.year);
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
      const rally = rallyHistory.find((r) => r.year === route.year);
      if (rally) expect(rally.destination.startsWith(route.stops.at(-1)!.name)).toBe(true);
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
