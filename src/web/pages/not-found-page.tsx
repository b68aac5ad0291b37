import { Link } from 'wouter';
import { Signpost } from 'lucide-react';
import { buttonClass } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRallySettings } from '../lib/rally-settings';

export default function NotFoundPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="grid h-20 w-20 place-items-center rounded-full bg-navy-900 text-gold-400" aria-hidden>
        <Signpost className="h-10 w-10" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-bold text-navy-900 sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-3 text-lg text-slate-600">
        The page you were looking for has taken a wrong turn. Even the best co-drivers misread a clue now and then.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass('primary', 'lg')}>
          Back to Home
        </Link>
        <Link href="/this-year" className={buttonClass('outline', 'lg')}>
          The {rallySettings.year} Rally
        </Link>
      </div>
    </section>
  );
}
