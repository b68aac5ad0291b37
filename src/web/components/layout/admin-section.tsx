import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../ui/card';

/** One titled block of the admin page, reachable from the page's section links. */
export function AdminSection({
  id,
  title,
  description,
  icon: Icon,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-100 bg-navy-50/60 px-4 py-4 sm:px-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 rounded-lg bg-navy-900 p-2 text-gold-400">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <h2 id={`${id}-title`} className="text-xl font-bold text-navy-900">
                {title}
              </h2>
              {description && <p className="text-sm text-slate-600">{description}</p>}
            </div>
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
        <div className="p-3 sm:p-5">{children}</div>
      </Card>
    </section>
  );
}
