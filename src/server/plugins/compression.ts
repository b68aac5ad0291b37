import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import fresh from 'fresh';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/public-cache';
import type { Encoding } from '../services/body-compression';

const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** The encoding this request accepts that we prefer, or null for identity. */
export function pickEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  return negotiate(header, ENCODINGS);
}

/**
 * Sends a cached public JSON answer: `no-cache` with an ETag (a browser revalidates and gets 304
 * while nothing changed), compressed from the answer's kept bytes when the client accepts it.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('ETag', answer.etag)
    .header('Vary', 'Accept-Encoding')
    .type('application/json; charset=utf-8');
  // `fresh` applies HTTP's rules: weak If-None-Match comparison, `*`, and a client's `no-cache`.
  if (fresh(request.headers, { etag: answer.etag })) return reply.code(304).send();
  const encoding = answer.body.length >= COMPRESS_THRESHOLD ? pickEncoding(request) : null;
  if (!encoding) return reply.send(answer.body);
  return reply.header('Content-Encoding', encoding).send(answer.as(encoding));
}

/**
 * Compresses JSON and HTML answers above COMPRESS_THRESHOLD on the fly (brotli or gzip). Answers
 * that arrive already compressed (built static files, cached public answers) pass untouched.
 */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ENCODINGS });
  },
  { name: 'compression' },
);
