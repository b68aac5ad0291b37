import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * The routes whose answer is a stream that stays open (Server-Sent Events): `inject` never sees
 * them end, so route walks read their status from a real request (openEventStream) or leave them out.
 */
export const EVENT_STREAM_URLS: ReadonlySet<string> = new Set(['/api/live-events', '/api/admin/live-events']);

export type EventStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, as sent. */
  text: () => string;
  /** Resolves with the first `data:` event (parsed JSON) that `matches`, received before or after the call. */
  next: <T = any>(matches?: (event: T) => boolean, timeoutMs?: number) => Promise<T>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** The address of an app that listens (tests of streams, which `inject` cannot read while they stay open). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Opens a Server-Sent Events stream of the app as a browser would, reading events as they come. */
export async function openEventStream(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const base = await listeningUrl(app);
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      let pending = '';
      const events: unknown[] = [];
      const waiting = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        // An event ends with a blank line; a chunk may end inside one.
        const blocks = (pending + chunk).split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data));
        }
        for (const wake of waiting) wake();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => raw,
        ended,
        close: () => req.destroy(),
        next: (matches = () => true, timeoutMs = 5000) =>
          new Promise((found, fail) => {
            let seen = 0;
            const look = () => {
              for (; seen < events.length; seen++) {
                if (matches(events[seen] as never)) {
                  clearTimeout(timer);
                  waiting.delete(look);
                  return found(events[seen] as never);
                }
              }
            };
            const timer = setTimeout(() => {
              waiting.delete(look);
              fail(new Error(`no matching event within ${timeoutMs} ms; received: ${raw}`));
            }, timeoutMs);
            waiting.add(look);
            look();
          }),
      });
    });
    req.on('error', reject);
  });
}
