import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './services/mail';
import type { Jobs } from './services/jobs';
import { registerErrorHandler } from './plugins/errors';
import sessionPlugin from './plugins/session';
import authPlugin from './plugins/auth';
import securityPlugin from './plugins/security';
import webAppPlugin from './plugins/web-app';
import { features } from './features';
import { PublicCache } from './services/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** The job queue; null in tests that do not start it. */
    jobs: Jobs | null;
    /** Signs short-lived URLs (uploads); derived from the session secret so every instance agrees. */
    signingKey: Buffer;
    /** Ready JSON of the public lists, rebuilt when the data changes (services/public-cache.ts). */
    publicCache: PublicCache;
    /** Every registered route, for the authorization matrix and the fuzzing suite. */
    routeTable: { method: string; url: string }[];
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  jobs?: Jobs | null;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
};

/** The built web app; WEB_DIR points elsewhere (tests of a parallel build). */
export const WEB_DIR = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole app without listening: main.ts starts it, tests drive it with inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('mailer', deps.mailer);
  app.decorate('jobs', deps.jobs ?? null);
  app.decorate('publicCache', new PublicCache(deps.database.db));
  app.decorate('signingKey', createHmac('sha256', deps.sessionSecret).update('signed-urls').digest());
  await app.register(fp(async () => {}, { name: 'database' }));
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url });
  });

  registerErrorHandler(app);
  const s3Origin = deps.config.S3_PUBLIC_URL ?? deps.config.S3_ENDPOINT;
  await app.register(securityPlugin, { publicUrl: deps.config.PUBLIC_URL, extraOrigins: s3Origin ? [new URL(s3Origin).origin] : [] });
  await app.register(sessionPlugin, { secret: deps.sessionSecret });
  await app.register(authPlugin);
  await app.register(webAppPlugin, { webDir: WEB_DIR });
  for (const feature of features) await app.register(feature);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.code(404).send({ message: 'Not found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: 'Not found' });
    if (path.extname(request.url.split('?')[0])) return reply.code(404).type('text/plain').send('Not found');
    return reply.sendApp();
  });
  return app;
}
