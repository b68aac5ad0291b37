import { pageTakenOver } from './take-over';

/**
 * The one request helper (spec section 7): credentials always sent; a JSON body and content type
 * only when there is a body; any non-OK answer raises "<status>: <body text or status text>".
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return res;
}

export async function getJson<T>(url: string): Promise<T> {
  await pageTakenOver();
  const res = await apiRequest('GET', url);
  return res.json() as Promise<T>;
}

export async function sendJson<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The server's `message` from an error raised by apiRequest, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  const payload = match[1] ?? '';
  try {
    const body = JSON.parse(payload);
    return typeof body?.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return payload && payload.length < 200 && !payload.startsWith('<') ? payload : fallback;
  }
}

/** True when the error is the given HTTP status. */
export const isStatus = (error: unknown, status: number) => error instanceof Error && error.message.startsWith(`${status}:`);
