import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Navbar } from './components/layout/navbar';
import { Footer } from './components/layout/footer';
import { Toaster } from './components/ui/toaster';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorFallback } from './components/layout/error-fallback';
import { routes, NotFoundPage } from './routes';
import { markPageHydrated } from './lib/hydration';

/** Rendered with the page, so its effect runs once React has hydrated a server-rendered page. */
function PageHydrated() {
  useEffect(markPageHydrated, []);
  return null;
}

function PageLoading() {
  return (
    <main id="main" className="pt-20">
      <div className="min-h-[60vh]" aria-busy="true" />
    </main>
  );
}

export function App() {
  const [location] = useLocation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/* The footer waits with the page: rendered before the page's code arrived, it would be pushed
          down by the page (a layout shift). */}
      <Suspense fallback={<PageLoading />}>
        <main id="main" className="pt-20">
          {/* Per page: a page that fails (or whose file is gone after a deploy) offers a reload, and
              moving to another page clears it. */}
          <ErrorBoundary FallbackComponent={ErrorFallback} resetKeys={[location]}>
            <Switch>
              {routes.map(({ path, page: Page }) => (
                <Route key={path} path={path} component={Page} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </ErrorBoundary>
        </main>
        {/* The home page's footer is a landmark of the page, outside main. */}
        <Route path="/" component={Footer} />
        <PageHydrated />
      </Suspense>
      <Toaster />
    </>
  );
}
