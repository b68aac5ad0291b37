import type { ReactNode } from 'react';

/** The navy band that opens each public fundraising page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="bg-navy-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-300">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl font-bold sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-navy-100">{children}</div>}
      </div>
    </header>
  );
}
