import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** The heading block every home section opens with. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  light,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  light?: boolean;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <p className={cn('text-sm font-semibold uppercase tracking-widest', light ? 'text-gold-300' : 'text-rally-600')}>{eyebrow}</p>
      <h2 id={id} className={cn('mt-2 font-display text-3xl font-bold sm:text-4xl', light ? 'text-white' : 'text-navy-900')}>
        {title}
      </h2>
      {children && <p className={cn('mt-3 text-lg', light ? 'text-navy-100' : 'text-slate-600')}>{children}</p>}
    </div>
  );
}
