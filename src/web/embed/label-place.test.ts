import { describe, expect, it } from 'vitest';
import { placeLabel } from './label-place';

describe("a route map's stop label", () => {
  it('goes on its preferred side when there is room', () => {
    expect(placeLabel(100, 50, 400, false)).toEqual({ x: 112, anchor: 'start' });
    expect(placeLabel(100, 50, 400, true)).toEqual({ x: 88, anchor: 'end' });
  });

  it('turns to the other side near an edge, so the end of the route is not cut off on a phone', () => {
    // The destination 30 px from the right edge of a 358 px map: it reads leftwards from its dot.
    expect(placeLabel(328, 60, 358, false)).toEqual({ x: 316, anchor: 'end' });
    expect(placeLabel(20, 60, 358, true)).toEqual({ x: 32, anchor: 'start' });
  });

  it('stays inside a map too narrow for either side', () => {
    const { x, anchor } = placeLabel(50, 80, 100, false);
    expect(anchor).toBe('start');
    expect(x).toBeGreaterThanOrEqual(6);
    expect(x + 80).toBeLessThanOrEqual(100 - 6);
  });
});
