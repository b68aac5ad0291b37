import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import type { RallySettings } from '@common/schemas/rally-settings';
import { newQueryClient } from '../lib/query-client';
import { settingsKey } from '../lib/rally-settings';

/** A request the form sent: its method, address and JSON body. */
export type SentRequest = { method: string; url: string; body: unknown };

/**
 * Replaces the browser's fetch with one that records each request and answers from `routes`
 * (keyed "METHOD /address", given the request's JSON body; a Response is sent as it is, anything
 * else as JSON with 200) or with a 404, so a test sees the exact body a form sends and what the form
 * does with the server's answer.
 */
export function interceptFetch(routes: Record<string, (body: unknown) => unknown>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const answer = routes[`${request.method} ${url}`];
      if (!answer) return new Response('{"message":"Not Found"}', { status: 404 });
      // An answer may be held (a promise), as a slow network would.
      const value = await answer(request.body);
      if (value instanceof Response) return value;
      return new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  /** What the form sent, reads left out. */
  return { changes: () => sent.filter((r) => r.method !== 'GET') };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders a form with the app's query client settings; returns a user who types and clicks, and the
 * queries of the document it was rendered into.
 */
export function renderForm(ui: ReactElement, settings: Partial<RallySettings> = {}) {
  const user = userEvent.setup();
  const client = newQueryClient();
  // The settings are always in the cache in the app; a test gives those its form reads.
  client.setQueryData(settingsKey, settings as RallySettings);
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { user, screen: within(document.body) };
}
