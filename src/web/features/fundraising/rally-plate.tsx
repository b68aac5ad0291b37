import { Link } from 'wouter';
import { usePastRallyMenu } from '../../lib/past-rallies';

const plateClass = 'inline-flex items-stretch overflow-hidden rounded-md border-2 border-navy-900 font-mono text-sm font-bold shadow-sm';

/** A past rally year as a small number plate; it links to that rally's page when there is one. */
export function RallyPlate({ year }: { year: number }) {
  const { data } = usePastRallyMenu();
  const face = (
    <>
      <span aria-hidden className="flex items-center bg-navy-800 px-1.5 text-[10px] text-gold-300">
        J
      </span>
      <span className="bg-gold-300 px-2 py-0.5 tracking-wider text-navy-950">
        {year}
        <span className="sr-only"> rally</span>
      </span>
    </>
  );
  if (!data?.some((r) => r.year === year)) return <span className={plateClass}>{face}</span>;
  return (
    <Link href={`/rally/${year}`} className={`${plateClass} transition-transform hover:-translate-y-0.5`}>
      {face}
    </Link>
  );
}
