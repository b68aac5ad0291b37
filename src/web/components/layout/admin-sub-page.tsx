import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminGate } from './admin-gate';

/** The frame of an admin page below /admin: admins only, a link back to the Admin Panel, the title and a line about the page. */
export function AdminSubPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <AdminGate>
        <Link href="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-navy-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Admin Panel
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-navy-900">{title}</h1>
        <p className="mt-1 mb-6 text-slate-600">{intro}</p>
        {children}
      </AdminGate>
    </section>
  );
}
