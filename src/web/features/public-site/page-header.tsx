import type { ReactNode } from 'react';

/** The navy band that opens the inner public pages. */
export function PageHeader({
  eyebrow,
  title,
  children,
  back,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  back?: ReactNode;
}) {
  return (
    <div className="bg-navy-900 text-white">
      <div className="mx-auto max-w-5xl px-4 pb-14 pt-10">
        {back}
        {eyebrow && <div className="mt-6">{eyebrow}</div>}
        <h1 className="mt-3 font-display text-4xl font-bold sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-navy-100">{children}</div>}
      </div>
    </div>
  );
}
