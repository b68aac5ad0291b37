import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DecryptError } from '../field-cipher';
import { CoolDownError, HttpError } from '../errors';

/**
 * One error handler for the whole API: 400 `{ message, issues }` for bad input, the message of a
 * deliberate HttpError, 503 while the database cannot be reached or its sealed values cannot be
 * opened, and a bare 500 (never a stack or SQL) for anything else.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
        message: v.message,
      }));
      return reply.code(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((i) => ({ path: i.path, message: i.message }));
      return reply.code(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof CoolDownError) {
      const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000));
      return reply.code(429).header('Retry-After', String(seconds)).send({ message: error.message, retryAt: error.retryAt.toISOString() });
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 401 || error.statusCode === 403) {
        request.log.info(
          { userId: request.currentUser?.id ?? null, ip: request.ip, status: error.statusCode },
          `auth: ${error.statusCode}`,
        );
      }
      return reply
        .code(error.statusCode)
        .send(error.issues ? { message: error.message, issues: error.issues } : { message: error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const message =
        (error as FastifyError).code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error instanceof SyntaxError
          ? 'Invalid JSON body'
          : error.message;
      return reply.code(status).send({ message, issues: [] });
    }
    if (isDatabaseUnavailable(error)) {
      // A database restart or failover: the client may retry; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '10')
        .send({ message: 'The site is briefly unavailable. Please try again in a minute.' });
    }
    if (error instanceof DecryptError) {
      // The key the site was given is not the one these values were sealed with (a restore without
      // its key file, a wrong DATA_ENCRYPTION_KEY): the operator must act, and the organiser should know why.
      request.log.error({ err: error }, 'sealed value could not be opened');
      return reply.code(503).send({
        message:
          "Passport and medical details cannot be opened: the site's encryption key is not the one they were sealed with. " +
          'Ask whoever runs the site to set DATA_ENCRYPTION_KEY (or the data-encryption-key file in DATA_DIR) to that key.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}
