import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/** An empty, error or not-found state: an icon, the spec's heading, a line and actions. */
export function StatusMessage({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'neutral',
  heading: Heading = 'h2',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  /** h1 when the message is the whole page. */
  heading?: 'h1' | 'h2';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center"
    >
      <span
        className={cn(
          'flex h-14 w-14 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-rally-500/10 text-rally-600' : 'bg-navy-100 text-navy-700',
        )}
      >
        <Icon className="h-7 w-7" aria-hidden />
      </span>
      <Heading className="mt-4 text-xl font-bold text-navy-900">{title}</Heading>
      {children && <p className="mt-2 text-slate-600">{children}</p>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
