import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

/** The centred card every account screen uses: an icon, a heading, a line of text and the body. */
export function AuthCard({
  icon: Icon,
  title,
  intro,
  children,
  tone = 'navy',
}: {
  icon: LucideIcon;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'navy' | 'green';
}) {
  return (
    <section className="flex min-h-[calc(100vh-5rem)] items-start justify-center bg-gradient-to-b from-navy-50 to-white px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 text-center">
          <span
            className={
              tone === 'green'
                ? 'mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-600'
                : 'mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-navy-900 text-gold-400'
            }
          >
            <Icon className="h-7 w-7" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
          {intro && <p className="mt-2 text-slate-600">{intro}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}
