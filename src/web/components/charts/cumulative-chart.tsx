import { formatPence } from '@common/money';

const W = 640;
const H = 220;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/**
 * Money raised over time as a running total per week, drawn by hand as SVG (a few lines, no
 * charting bundle). The text alternative states the latest total; the weeks are listed for
 * screen readers in a table.
 */
export function CumulativeChart({ points, title }: { points: { week: string; total: number }[]; title: string }) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return <p className="text-slate-600">No donations yet, so nothing to chart.</p>;
  const max = Math.max(...points.map((p) => p.total), 1);
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i / (points.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => PAD.top + (1 - v / max) * (H - PAD.top - PAD.bottom);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.total).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  const label = (w: string) => day.format(new Date(`${w}T00:00:00Z`));
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}: ${formatPence(last.total)} by the week of ${label(last.week)}`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatPence(Math.round(max * f)).replace(/\.00$/, '')}
            </text>
          </g>
        ))}
        <path d={area} fill="#f4c247" fillOpacity="0.25" />
        <path d={line} fill="none" stroke="#12325a" strokeWidth="2.5" />
        {points.map((p, i) => (
          <circle key={p.week} cx={x(i)} cy={y(p.total)} r="3" fill="#12325a" />
        ))}
        <text x={x(0)} y={H - 8} fontSize="11" fill="#475569" textAnchor={points.length === 1 ? 'middle' : 'start'}>
          {label(first.week)}
        </text>
        {points.length > 1 && (
          <text x={x(points.length - 1)} y={H - 8} fontSize="11" fill="#475569" textAnchor="end">
            {label(last.week)}
          </text>
        )}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Raised so far</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.week}>
              <td>{label(p.week)}</td>
              <td>{formatPence(p.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Running weekly totals from a list of donations (the dashboard has its own list already). */
export function weeklyTotals(donations: { amount: number; createdAt: string }[]): { week: string; total: number }[] {
  const byWeek = new Map<string, number>();
  for (const d of donations) {
    const t = new Date(d.createdAt);
    const monday = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate() - ((t.getUTCDay() + 6) % 7)));
    const key = monday.toISOString().slice(0, 10);
    byWeek.set(key, (byWeek.get(key) ?? 0) + d.amount);
  }
  let running = 0;
  return [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, sum]) => ({ week, total: (running += sum) }));
}
