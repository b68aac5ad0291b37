import { useEffect, useState } from 'react';

/** Where the page of an e-mailed link stands: asking, done with the server's answer, or refused. */
export type LinkTokenState<T> = { step: 'processing' } | { step: 'done'; answer: T } | { step: 'failed'; title: string; message: string };

/**
 * The server's answer to a link, asked once per address and token while the page is loaded: the link
 * works only once, so React's second run of an effect (development) must reuse the first request.
 */
const answers = new Map<string, Promise<LinkTokenState<unknown>>>();

function answerFor<T>(url: string, token: string): Promise<LinkTokenState<T>> {
  const key = `${url} ${token}`;
  const asked = answers.get(key);
  if (asked) return asked as Promise<LinkTokenState<T>>;
  const answer = fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
    .then(async (res): Promise<LinkTokenState<T>> => {
      const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
      if (res.ok) return { step: 'done', answer: (body ?? {}) as T };
      return {
        step: 'failed',
        // 410: the link worked once already; following it again changes nothing.
        // 409: the person changed their mind after the link was sent; their later choice stands.
        title: res.status === 410 ? 'Link already used' : res.status === 409 ? 'Link no longer valid' : 'Link not valid',
        message: body?.message ?? 'This link is not valid or has expired',
      };
    })
    .catch((): LinkTokenState<T> => {
      answers.delete(key); // no answer came: opening the page again asks again
      return { step: 'failed', title: 'Link not valid', message: 'An error occurred. Please try again.' };
    });
  answers.set(key, answer);
  return answer;
}

/**
 * Posts an e-mailed link's signed token when the page is opened in a browser, so that a mail scanner
 * that only fetches the link changes nothing.
 */
export function useLinkToken<T>(url: string, token: string | undefined): LinkTokenState<T> {
  const [state, setState] = useState<LinkTokenState<T>>({ step: 'processing' });
  useEffect(() => {
    let live = true;
    void answerFor<T>(url, token ?? '').then((answer) => live && setState(answer));
    return () => {
      live = false;
    };
  }, [url, token]);
  return state;
}
