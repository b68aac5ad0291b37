import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../../../common/schemas/live-events';
import { HttpError } from '../../errors';
import { EventCoalescer } from './coalescer';
import { liveStreamsOpen } from '../../services/site-figures';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting (EventSource's `retry`). */
const RETRY_MS = 3_000;
/** A refused browser is told to come back after this many seconds (EventSource itself waits `retry`). */
export const FULL_RETRY_AFTER_S = 30;
export const STREAMS_FULL = 'The live page is very busy: it will try again shortly.';
/**
 * Bytes a stream may have waiting for a client that does not read (a phone gone out of signal
 * without closing): beyond this it is ended, and its browser reconnects when it can.
 */
const MAX_UNSENT_BYTES = 64 * 1024;
/**
 * Requests in hand beyond which the instance counts as still answering the pages' fetches of the
 * last change: on a free core 2,000 fetches of the kept standings take about 200 ms, so this many
 * left at the end of a window means the instance is falling behind.
 */
const BUSY_REQUESTS = 100;

/**
 * Streams of the live event bus (services/live-events.ts) as Server-Sent Events, passing the events
 * `passes` lets through. Each event is one `data:` line of JSON (`{ kind, signupId?, id? }`) that
 * tells the page what to refetch.
 *
 * Built for thousands of open pages on one instance (docs/features/live-load.md): one subscription
 * to the bus for all the streams, each event serialized once for all of them; with `gather`, events
 * are gathered (EventCoalescer: at most one send per LIVE_GATHER_MS, held longer while the instance
 * is still answering the last change's fetches); one heartbeat timer for all streams; at most
 * LIVE_STREAM_LIMIT streams, beyond which a new one gets 503 with Retry-After.
 *
 * The answer is written on the raw response (reply.hijack): compression would hold the bytes back
 * and Fastify's onSend hooks (the /api/ no-store header among them) never see a stream that does not
 * end, so this sets its own headers. Streams end when their client goes and, before the server
 * stops waiting for open requests, when the app closes (`endAll`, called in preClose).
 */
export function liveStreams(app: FastifyInstance, opts: { passes: (event: LiveEvent) => boolean; gather: boolean }) {
  const open = new Set<ServerResponse>();
  const limit = app.config.LIVE_STREAM_LIMIT;

  // Requests this instance is answering (the streams, which never end, aside): after a change every
  // open page fetches, and until most are answered the next change is held.
  let answering = 0;
  const countRequest = (_req: IncomingMessage, res: ServerResponse) => {
    answering++;
    res.once('close', () => answering--);
  };
  if (opts.gather && app.config.LIVE_GATHER_MS > 0) app.server.on('request', countRequest);

  const writeAll = (text: string) => {
    for (const res of open) {
      if (res.writableLength > MAX_UNSENT_BYTES) res.destroy();
      else res.write(text);
    }
  };
  const deliver = (event: LiveEvent) => writeAll(`data: ${JSON.stringify(event)}\n\n`);
  const windowMs = app.config.LIVE_GATHER_MS;
  const coalescer =
    opts.gather && windowMs > 0 ? new EventCoalescer(deliver, { windowMs, busy: () => answering - open.size > BUSY_REQUESTS }) : null;
  const unsubscribe = app.live.subscribe((event) => {
    if (!opts.passes(event)) return;
    if (coalescer) coalescer.push(event);
    else deliver(event);
  });
  const heartbeat = setInterval(() => writeAll(': heartbeat\n\n'), HEARTBEAT_MS).unref();

  return {
    endAll: () => {
      app.server.off('request', countRequest);
      clearInterval(heartbeat);
      unsubscribe();
      coalescer?.stop();
      for (const res of open) res.end();
    },
    open: (request: FastifyRequest, reply: FastifyReply) => {
      if (open.size >= limit) {
        reply.header('Retry-After', String(FULL_RETRY_AFTER_S));
        throw new HttpError(503, STREAMS_FULL);
      }
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
      open.add(res);
      liveStreamsOpen.inc();
      res.on('close', () => {
        open.delete(res);
        liveStreamsOpen.dec();
      });
      request.log.debug('live event stream opened');
    },
  };
}
