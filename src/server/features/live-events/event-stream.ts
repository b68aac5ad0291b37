import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveEvent } from '../../../common/schemas/live-events';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { HttpError } from '../../errors';
import { storedSessionId } from '../../plugins/session-store';
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
 * How often a stream that lives only as long as its session (the organisers') looks the session up
 * again: a logout on any instance deletes it, so the stream ends within this time; an expiry ends it
 * at the moment it expires.
 */
export const SESSION_CHECK_MS = 2_000;

/** Whether a session is still stored and unexpired, and when it expires. */
async function sessionExpiry(app: FastifyInstance, sessionId: string): Promise<Date | null> {
  const [row] = await app.db
    .select({ expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.sid, storedSessionId(sessionId)));
  return row && row.expire.getTime() > Date.now() ? row.expire : null;
}

/**
 * Ends `res` when the session `sessionId` is gone (logged out, ended by an organiser) or expired:
 * a stream outlives its request, so the session's end would otherwise never reach it.
 */
function endWithSession(app: FastifyInstance, res: ServerResponse, sessionId: string) {
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    const expire = await sessionExpiry(app, sessionId).catch(() => undefined);
    if (res.writableEnded || res.destroyed) return;
    if (expire === null) return void res.end();
    const wait = expire ? Math.min(SESSION_CHECK_MS, expire.getTime() - Date.now() + 1) : SESSION_CHECK_MS;
    timer = setTimeout(() => void check(), wait).unref();
  };
  res.on('close', () => clearTimeout(timer));
  void check();
}

/**
 * Streams of the live event bus (services/live-events.ts) as Server-Sent Events, passing the events
 * `passes` lets through. Each event is one `data:` line of JSON (`{ kind, signupId?, id? }`) that
 * tells the page what to refetch.
 *
 * Built for thousands of open pages on one instance (docs/features/live-load.md): one subscription
 * to the bus for all the streams, each event serialized once for all of them; with `gather`, events
 * are gathered (EventCoalescer: at most one send per LIVE_GATHER_MS, held longer while the instance
 * is still answering the last change's fetches); one heartbeat timer for all streams; at most
 * LIVE_STREAM_LIMIT streams in all and LIVE_STREAMS_PER_ADDRESS per client address, beyond which a
 * new one gets 503 with Retry-After.
 *
 * The answer is written on the raw response (reply.hijack): compression would hold the bytes back
 * and Fastify's onSend hooks (the /api/ no-store header among them) never see a stream that does not
 * end, so this sets its own headers. Streams end when their client goes and, before the server
 * stops waiting for open requests, when the app closes (`endAll`, called in preClose); with
 * `endsWithSession`, when the session that opened them ends (endWithSession).
 */
export function liveStreams(
  app: FastifyInstance,
  opts: { passes: (event: LiveEvent) => boolean; gather: boolean; endsWithSession?: boolean },
) {
  const open = new Set<ServerResponse>();
  const limit = app.config.LIVE_STREAM_LIMIT;
  const perAddressLimit = app.config.LIVE_STREAMS_PER_ADDRESS;
  /** Open streams per client address (request.ip: the real client behind the trusted proxies). */
  const perAddress = new Map<string, number>();

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
      const address = request.ip;
      if (open.size >= limit || (perAddress.get(address) ?? 0) >= perAddressLimit) {
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
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      liveStreamsOpen.inc();
      res.on('close', () => {
        open.delete(res);
        liveStreamsOpen.dec();
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      if (opts.endsWithSession && request.session?.sessionId) endWithSession(app, res, request.session.sessionId);
      request.log.debug('live event stream opened');
    },
  };
}
