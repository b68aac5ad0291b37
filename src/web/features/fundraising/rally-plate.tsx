import { Link } from 'wouter';

/** A past rally year as a small number plate, linking to that rally's page. */
export function RallyPlate({ year }: { year: number }) {
  return (
    <Link
      href={`/rally/${year}`}
      className="inline-flex items-stretch overflow-hidden rounded-md border-2 border-navy-900 font-mono text-sm font-bold shadow-sm transition-transform hover:-translate-y-0.5"
    >
      <span aria-hidden className="flex items-center bg-navy-800 px-1.5 text-[10px] text-gold-300">J</span>
      <span className="bg-gold-300 px-2 py-0.5 tracking-wider text-navy-950">
        {year}
        <span className="sr-only"> rally</span>
      </span>
    </Link>
  );
}
