import { geoMercator, geoPath } from 'd3-geo';

type Frame = {
  width: number;
  height: number;
  /** Space kept free at the frame's edges, in pixels. */
  margin: number;
  /** The least half-width and half-height shown, in degrees: a single point still shows where it is. */
  minHalf: [number, number];
  /** Degrees added around the points on each side (longitude, latitude). */
  pad: [number, number];
};

/**
 * A Mercator projection (and its path) fitted around [longitude, latitude] points: a box centred on
 * them, at least `minHalf` wide and high, with `pad` around them, filling the frame.
 */
export function fitAround(points: [number, number][], frame: Frame) {
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const cx = (Math.min(...lons) + Math.max(...lons)) / 2;
  const cy = (Math.min(...lats) + Math.max(...lats)) / 2;
  const halfW = Math.max(frame.minHalf[0], (Math.max(...lons) - Math.min(...lons)) / 2 + frame.pad[0]);
  const halfH = Math.max(frame.minHalf[1], (Math.max(...lats) - Math.min(...lats)) / 2 + frame.pad[1]);
  const box = {
    type: 'MultiPoint' as const,
    coordinates: [
      [cx - halfW, cy - halfH],
      [cx + halfW, cy + halfH],
    ],
  };
  const projection = geoMercator().fitExtent(
    [
      [frame.margin, frame.margin],
      [frame.width - frame.margin, frame.height - frame.margin],
    ],
    box,
  );
  return { projection, path: geoPath(projection) };
}
