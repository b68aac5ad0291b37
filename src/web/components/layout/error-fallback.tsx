import type { FallbackProps } from 'react-error-boundary';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../ui/button';
import { isChunkLoadError } from '../../lib/chunk-error';

/**
 * What an error boundary shows for a page that failed to render or to load. A lazy page's file
 * that is gone after a deploy is the usual cause: reloading fetches the new version. One boundary
 * wraps the whole app and one each page, so the navigation stays usable when a page fails.
 */
export function ErrorFallback({ error }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto my-16 flex max-w-lg flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-rally-500/10 text-rally-600">
        <AlertTriangle className="h-7 w-7" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-bold text-navy-900">{chunk ? 'A new version of the site is available' : 'Something went wrong'}</h1>
      <p className="mt-2 text-slate-600">
        {chunk
          ? 'This page could not be loaded. Reload to get the latest version.'
          : 'This page could not be shown. Reloading usually helps.'}
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCw className="h-4 w-4" aria-hidden /> Reload page
      </Button>
    </div>
  );
}
