import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App } from './app';
import { ErrorBoundary } from './components/layout/error-boundary';

/** The whole app, the same tree in the browser and when the server renders a page's first view. */
export function Root({ client }: { client: QueryClient }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={client}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
