import { useMemo } from 'react';
import type { PublicPosition } from '@common/schemas/tracking';
import { CountryShapes } from '../../components/map/europe-countries';
import { fitAround } from '../../components/map/fit-around';

const WIDTH = 390;
const HEIGHT = 320;

/**
 * The teams sharing their position on a map of western Europe, fitted around them (at least 6° by
 * 4°, so one team still shows where it is). Positions come already late and rounded from the server.
 */
export default function PositionsMap({ teams }: { teams: PublicPosition[] }) {
  const { projection, path } = useMemo(
    () =>
      fitAround(
        teams.map((t): [number, number] => [t.lng, t.lat]),
        { width: WIDTH, height: HEIGHT, margin: 12, minHalf: [3, 2], pad: [1, 0.6] },
      ),
    [teams],
  );
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="live-map-title" className="block w-full rounded-xl bg-[#cfe0f1]">
      <title id="live-map-title">{`Where the teams are: ${teams.map((t) => t.teamName).join(', ')}`}</title>
      <CountryShapes path={path} />
      {teams.map((t) => {
        const [x, y] = projection([t.lng, t.lat]) ?? [0, 0];
        const left = x > WIDTH * 0.65;
        return (
          <g key={t.signupId}>
            <circle cx={x} cy={y} r={6} fill="#d9412b" stroke="#ffffff" strokeWidth={2} />
            <text
              x={x + (left ? -10 : 10)}
              y={y + 4}
              textAnchor={left ? 'end' : 'start'}
              fontSize={12}
              fontWeight={600}
              fill="#0f2a4a"
              stroke="#ffffff"
              strokeWidth={3}
              paintOrder="stroke"
              fontFamily="ui-sans-serif, system-ui, sans-serif"
            >
              {t.teamName}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
