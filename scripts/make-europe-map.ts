/**
 * Cuts the Natural Earth 1:50m countries (world-atlas) down to western Europe for the route-map
 * embed: polygons outside the area are dropped and coordinates rounded to 0.01° (about 1 km,
 * far below a pixel in a 480 px frame). Writes src/web/embed/europe-50m.json (GeoJSON).
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
const world = feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection<Polygon | MultiPolygon, { name: string }>;

const inside = ([lon, lat]: Position) => lon >= AREA.west && lon <= AREA.east && lat >= AREA.south && lat <= AREA.north;
const round = (ring: Position[]) =>
  ring.map(([lon, lat]) => [Math.round(lon * 100) / 100, Math.round(lat * 100) / 100]).filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);

const features: Feature<MultiPolygon, { name: string }>[] = [];
for (const f of world.features) {
  const polygons = f.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry?.type === 'MultiPolygon' ? f.geometry.coordinates : [];
  const kept = polygons.filter((poly) => poly[0].some(inside)).map((poly) => poly.map(round).filter((ring) => ring.length >= 4));
  if (kept.length) features.push({ type: 'Feature', properties: { name: f.properties.name }, geometry: { type: 'MultiPolygon', coordinates: kept } });
}
writeFileSync('src/web/embed/europe-50m.json', JSON.stringify({ type: 'FeatureCollection', features }));
console.log(`${features.length} countries written to src/web/embed/europe-50m.json`);
