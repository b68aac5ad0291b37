import { Link } from 'wouter';
import { buttonClass } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-navy-900">404 Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you were looking for has taken a wrong turn.</p>
      <Link href="/" className={buttonClass('primary', 'md', 'mt-6')}>Back to Home</Link>
    </section>
  );
}
