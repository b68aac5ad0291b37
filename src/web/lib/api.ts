/**
 * A non-OK answer from the API. `body` is the answer's text (or the status text when it had none);
 * the message is the spec's "<status>: <body>" (section 7).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** The answer itself when it is OK; otherwise its status and text as an ApiError. */
export async function okOrThrow(res: Response): Promise<Response> {
  if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
  return res;
}

/**
 * The one request helper (spec section 7): credentials always sent; a JSON body and content type
 * only when there is a body; any non-OK answer raises an ApiError.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return okOrThrow(res);
}

export async function getJson<T>(url: string): Promise<T> {
  const res = await apiRequest('GET', url);
  return res.json() as Promise<T>;
}

export async function sendJson<T = unknown>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
