import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App } from './app';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorFallback } from './components/layout/error-fallback';

/** The whole app, the same tree in the browser and when the server renders a page's first view. */
export function Root({ client }: { client: QueryClient }) {
  return (
    <StrictMode>
      <ErrorBoundary FallbackComponent={ErrorFallback}>
        <QueryClientProvider client={client}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
