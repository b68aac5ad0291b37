import { ApiError } from './api';

// Apart from the request helper: only screens that report a failure need these, so the public
// pages' first load does not carry them.

/** The server's `message` from an ApiError (or its short plain-text body), or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const body = JSON.parse(error.body);
    return typeof body?.message === 'string' && body.message ? body.message : fallback;
  } catch {
    return error.body && error.body.length < 200 && !error.body.startsWith('<') ? error.body : fallback;
  }
}

/** True when the error is an answer with the given HTTP status. */
export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;
