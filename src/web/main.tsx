// First, so every schema is made without eval (see the file).
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import { App } from './app';
import { ErrorBoundary } from './components/layout/error-boundary';
import { loadRallySettings } from './lib/rally-settings';
import './styles.css';

// Every page reads the rally settings, so they are in place before the first render (the server
// puts them in the page, so this waits for nothing there).
void loadRallySettings().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
