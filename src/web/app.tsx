import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Navbar } from './components/layout/navbar';
import { Toaster } from './components/ui/toaster';
import { routes, NotFoundPage } from './routes';

function PageLoading() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

export function App() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="pt-20">
        <Suspense fallback={<PageLoading />}>
          <Switch>
            {routes.map(({ path, page: Page }) => (
              <Route key={path} path={path} component={Page} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </main>
      <Toaster />
    </>
  );
}
