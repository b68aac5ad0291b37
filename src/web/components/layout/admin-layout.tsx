import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronDown } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminGate } from './admin-gate';
import { adminAreaGroups, adminAreaOf } from './admin-areas';

function AreaLinks({ current, onPick }: { current: string | undefined; onPick?: (e: React.MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <div className="space-y-4">
      {adminAreaGroups.map((group) => (
        <div key={group.title}>
          <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500">{group.title}</p>
          <ul>
            {group.areas.map(({ href, label, icon: Icon }) => {
              const here = href === current;
              return (
                <li key={href}>
                  <Link
                    href={href}
                    onClick={onPick}
                    aria-current={here ? 'page' : undefined}
                    className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
                      here ? 'bg-navy-900 text-white' : 'text-navy-800 hover:bg-navy-50'
                    }`}
                  >
                    <Icon className={`h-4 w-4 shrink-0 ${here ? 'text-gold-400' : 'text-navy-600'}`} aria-hidden />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The organisers' workspace frame: admins only, a sidebar of the admin areas at desktop width and a
 * compact menu (a disclosure) on a phone, the current area marked in both; then the page's title,
 * a line about it, and the page.
 */
export function AdminLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  const [pathname] = useLocation();
  const current = adminAreaOf(pathname);
  const closeMenu = (e: React.MouseEvent) => e.currentTarget.closest('details')?.removeAttribute('open');
  return (
    <AdminGate>
      <div className="mx-auto max-w-7xl px-4 py-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <aside className="hidden lg:block">
          <nav aria-label="Admin areas" className="sticky top-24">
            <Link href="/admin" className="mb-3 block px-3 text-lg font-bold text-navy-900 hover:underline">
              Admin Panel
            </Link>
            <AreaLinks current={current?.href} />
          </nav>
        </aside>
        <details className="group mb-5 rounded-xl border border-slate-200 bg-white shadow-sm lg:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
            <span>
              Admin menu
              {current && <span className="font-normal text-slate-600">: {current.label}</span>}
            </span>
            <ChevronDown className="h-5 w-5 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <nav aria-label="Admin areas" className="border-t border-slate-100 px-1 py-3">
            <AreaLinks current={current?.href} onPick={closeMenu} />
          </nav>
        </details>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
          <p className="mt-1 mb-6 text-slate-600">{intro}</p>
          {children}
        </div>
      </div>
    </AdminGate>
  );
}
