import { useEffect, useMemo, useState } from 'react';
import type { RallyRoute } from '@common/schemas/routes';
import { CountryShapes } from '../components/map/europe-countries';
import { fitAround } from '../components/map/fit-around';
import { placeLabel, textWidth } from './label-place';

const FONT = 'ui-sans-serif, system-ui, sans-serif';

/** The frame's size; the map is fitted to it (a frame can be laid out after the first paint). */
function useViewport() {
  const measure = () => ({ width: document.documentElement.clientWidth || 600, height: document.documentElement.clientHeight || 480 });
  const [size, setSize] = useState(measure);
  useEffect(() => {
    const observer = new ResizeObserver(() => setSize(measure()));
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);
  return size;
}

/**
 * The route drawn on a map of western Europe: the ferry from Jersey to the start port (dashed), then the
 * road legs, drawn over `durationS` seconds, each stop appearing as the line reaches it.
 */
export function RouteMap({ route, durationS }: { route: RallyRoute; durationS: number }) {
  const { width, height } = useViewport();
  const coords = route.stops.map((s) => s.coordinates);
  // At least 9° by 6° around the route's centre, so a short route still shows where it is.
  const { projection, path } = useMemo(
    () => fitAround(coords, { width, height, margin: 16, minHalf: [4.5, 3], pad: [2, 1.2] }),
    [coords, width, height],
  );

  const points = coords.map((c): [number, number] => projection(c) ?? [0, 0]);
  const [start, port, ...roadStops] = points;
  const destination = route.stops.at(-1);
  if (!start || !port || !destination) throw new Error(`route ${route.id} needs at least the ferry's two stops`);
  const ferry = `M${start.join(',')}L${port.join(',')}`;
  const road = `M${[port, ...roadStops].map((p) => p.join(',')).join('L')}`;
  // How far along the road each stop is (Jersey and the port are reached at once).
  const along = [0, 0];
  let distance = 0;
  let previous = port;
  for (const p of roadStops) {
    distance += Math.hypot(p[0] - previous[0], p[1] - previous[1]);
    along.push(distance);
    previous = p;
  }
  const total = distance || 1;
  // When each stop is reached, as a share of the road drawn so far.
  const reachedAt = along.map((d) => d / total);
  const centreX = points.reduce((a, p) => a + p[0], 0) / points.length;

  return (
    <svg
      width="100%"
      height="100%"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="route-title"
      className="block bg-[#cfe0f1]"
    >
      <title id="route-title">{`${route.year} rally route: ${route.stops.map((s) => s.name).join(', ')}`}</title>
      <style>{`
        .road { stroke-dasharray: 1; stroke-dashoffset: 1; animation: draw ${durationS}s ease-in-out forwards; }
        .stop { opacity: 0; animation: appear 0.35s ease-out forwards; }
        @keyframes draw { to { stroke-dashoffset: 0; } }
        @keyframes appear { to { opacity: 1; } }
        @media (prefers-reduced-motion: reduce) { .road, .stop { animation-duration: 0s !important; animation-delay: 0s !important; } }
      `}</style>
      <CountryShapes path={path} />
      <path d={ferry} fill="none" stroke="#1f4e86" strokeWidth={3} strokeDasharray="6 5" strokeLinecap="round" />
      <path d={road} fill="none" stroke="#0a1c33" strokeOpacity={0.15} strokeWidth={9} strokeLinejoin="round" strokeLinecap="round" />
      <path
        className="road"
        pathLength={1}
        d={road}
        fill="none"
        stroke="#d9412b"
        strokeWidth={4}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {route.stops.map((stop, i) => {
        // points and reachedAt hold one entry per stop.
        const [x, y] = points[i]!;
        const last = i === points.length - 1;
        const fontSize = last ? 16 : 13;
        const fontWeight = last ? 700 : 600;
        // Labels west of the middle go left, others right, unless that side has no room on this map.
        const label = placeLabel(x, textWidth(stop.name, fontSize, fontWeight, FONT), width, x < centreX && !last);
        return (
          <g key={i} className="stop" style={{ animationDelay: `${(reachedAt[i]! * durationS).toFixed(2)}s` }}>
            <circle cx={x} cy={y} r={last ? 9 : 6} fill={last ? '#f4c247' : '#ffffff'} stroke="#0f2a4a" strokeWidth={2.5} />
            <text
              x={label.x}
              y={y + (i === 0 ? -6 : i === 1 ? 12 : 5)}
              textAnchor={label.anchor}
              fontSize={fontSize}
              fontWeight={fontWeight}
              fill="#0f2a4a"
              stroke="#ffffff"
              strokeWidth={4}
              paintOrder="stroke"
              strokeLinejoin="round"
              fontFamily={FONT}
            >
              {stop.name}
            </text>
          </g>
        );
      })}
      <g transform="translate(14 14)" fontFamily="ui-sans-serif, system-ui, sans-serif">
        <rect width={Math.min(250, width - 28)} height={64} rx={10} fill="#0f2a4a" opacity={0.92} />
        <text x={14} y={26} fontSize={15} fontWeight={700} fill="#f4c247">
          {route.year} · Jersey to {destination.name}
        </text>
        <line x1={14} x2={40} y1={46} y2={46} stroke="#b5cbe6" strokeWidth={3} strokeDasharray="6 5" />
        <text x={46} y={50} fontSize={12} fill="#ffffff">
          Ferry
        </text>
        <line x1={96} x2={122} y1={46} y2={46} stroke="#d9412b" strokeWidth={4} />
        <text x={128} y={50} fontSize={12} fill="#ffffff">
          Road
        </text>
      </g>
    </svg>
  );
}
