/**
 * Cuts the Natural Earth 1:50m countries (world-atlas) down to western Europe for the route-map
 * embed: polygons outside the area are dropped and coordinates rounded to 0.01° (about 1 km,
 * far below a pixel in a 480 px frame). Writes src/web/components/map/europe-50m.json (GeoJSON).
 * Run `npx tsx scripts/make-europe-map.ts` after upgrading world-atlas.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

const AREA = { west: -12, south: 34, east: 20, north: 60 };
const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
const world = feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection<
  Polygon | MultiPolygon,
  { name: string }
>;

/** A GeoJSON position's longitude and latitude (any altitude is ignored). */
function lonLat(position: Position): [number, number] {
  const [lon, lat] = position;
  if (lon === undefined || lat === undefined) throw new Error(`position without longitude and latitude: ${JSON.stringify(position)}`);
  return [lon, lat];
}
const inside = (position: Position) => {
  const [lon, lat] = lonLat(position);
  return lon >= AREA.west && lon <= AREA.east && lat >= AREA.south && lat <= AREA.north;
};
/** Rounds a ring's coordinates and drops the points that rounding made equal to the one before. */
const round = (ring: Position[]) => {
  const rounded: [number, number][] = [];
  for (const position of ring) {
    const [lon, lat] = lonLat(position);
    const point: [number, number] = [Math.round(lon * 100) / 100, Math.round(lat * 100) / 100];
    const previous = rounded.at(-1);
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) rounded.push(point);
  }
  return rounded;
};

const features: Feature<MultiPolygon, { name: string }>[] = [];
for (const f of world.features) {
  const polygons =
    f.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry?.type === 'MultiPolygon' ? f.geometry.coordinates : [];
  const kept = polygons.filter((poly) => poly[0]?.some(inside)).map((poly) => poly.map(round).filter((ring) => ring.length >= 4));
  if (kept.length)
    features.push({ type: 'Feature', properties: { name: f.properties.name }, geometry: { type: 'MultiPolygon', coordinates: kept } });
}
writeFileSync('src/web/components/map/europe-50m.json', JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`${features.length} countries written to src/web/components/map/europe-50m.json`);
