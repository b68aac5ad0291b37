import type { GeoPath } from 'd3-geo';
import type { FeatureCollection, MultiPolygon } from 'geojson';
// Western Europe cut from world-atlas's 1:50m countries by scripts/make-europe-map.ts.
import europe from './europe-50m.json';

/** The countries of western Europe, as GeoJSON features named by `properties.name`. */
export const europeCountries = (europe as FeatureCollection<MultiPolygon, { name: string }>).features;

/** The countries drawn with a projection's path: France, where the rally drives, stands out in white. */
export function CountryShapes({ path }: { path: GeoPath }) {
  return (
    <g>
      {europeCountries.map((f) => (
        <path
          key={f.properties.name}
          d={path(f) ?? ''}
          fill={f.properties.name === 'France' ? '#ffffff' : '#f0f5fb'}
          stroke="#9fb6d3"
          strokeWidth={0.7}
        />
      ))}
    </g>
  );
}
