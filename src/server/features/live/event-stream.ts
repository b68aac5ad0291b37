import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '../../../common/schemas/live-events';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting (EventSource's `retry`). */
const RETRY_MS = 3_000;

/**
 * Opens a stream of the live event bus (services/live-events.ts) as Server-Sent Events, passing the
 * events `passes` lets through. Each event is one `data:` line of JSON (`{ kind, signupId?, id? }`)
 * that tells the page what to refetch.
 *
 * The answer is written on the raw response (reply.hijack): compression would hold the bytes back
 * and Fastify's onSend hooks (the /api/ no-store header among them) never see a stream that does not
 * end, so this sets its own headers. Streams end when their client goes and, before the server
 * stops waiting for open requests, when the app closes (`endAll`, called in preClose).
 */
export function liveStreams(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  return {
    endAll: () => {
      for (const res of open) res.end();
    },
    open: (request: FastifyRequest, reply: FastifyReply, passes: (event: LiveEvent) => boolean) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
        // nginx and similar proxies pass the stream on as it comes rather than buffering it.
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);
      const unsubscribe = app.live.subscribe((event) => {
        if (passes(event)) res.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS).unref();
      open.add(res);
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      });
      request.log.debug('live event stream opened');
    },
  };
}
