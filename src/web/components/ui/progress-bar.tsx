import { formatPence } from '@common/money';
import { progressPercent } from '@common/fundraising';
import { cn } from '../../lib/cn';

/**
 * "£x raised of £y" with a bar. The bar is a progressbar (values in pence, the same sentence as
 * its text alternative); the visible sentence is hidden from screen readers so it is read once.
 */
export function ProgressBar({
  raised,
  target,
  label,
  tone = 'light',
  className,
}: {
  raised: number;
  target: number;
  /** Names the bar, e.g. "Fundraising progress of Team X". */
  label: string;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const text = `${formatPence(raised)} raised of ${formatPence(target)}`;
  const percent = progressPercent(raised, target);
  return (
    <div className={cn('w-full', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(raised, target)}
        aria-valuetext={`${text} (${percent}%)`}
        className={cn('h-2.5 w-full overflow-hidden rounded-full', tone === 'dark' ? 'bg-white/20' : 'bg-slate-200')}
      >
        <div className={cn('h-full rounded-full', percent >= 100 ? 'bg-green-600' : 'bg-gold-500')} style={{ width: `${percent}%` }} />
      </div>
      <p aria-hidden className={cn('mt-1 text-sm tabular-nums', tone === 'dark' ? 'text-navy-100' : 'text-slate-600')}>
        <span className={cn('font-semibold', tone === 'dark' ? 'text-gold-300' : 'text-navy-900')}>{formatPence(raised)}</span> raised of{' '}
        {formatPence(target)}
      </p>
    </div>
  );
}
