import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { isPagePath } from '../common/page-paths';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './services/mail';
import type { Jobs } from './services/jobs';
import type { WorkerStarter } from './services/workers';
import type { PersonalDataPart } from './services/personal-data';
import { registerErrorHandler } from './plugins/error-handler';
import { fastifyTrustProxy } from './trust-proxy';
import sessionPlugin, { sessionCookieName } from './plugins/session';
import authPlugin, { guardsPlugin } from './plugins/auth';
import securityPlugin from './plugins/security';
import { trustedOrigins } from './services/site-links';
import webAppPlugin from './plugins/web-app';
import compressionPlugin from './plugins/compression';
import { features } from './features';
import { pluginsOf } from './plugins/feature';
import { PublicCache } from './services/public-cache';
import { LiveEvents } from './services/live-events';
import { storageOrigins } from './services/storage';
import { BackgroundWork } from './services/background-work';
import { resolveDataKeys } from './db/data-keys';
import { installDataKeys } from './db/encrypted-text';
import { startPromisedMailWorker } from './services/mail-queue';
import { logRedactPaths, logSerializers } from './services/log-safety';
import { cachedRallySettings, pageSettings } from './services/rally-settings';
import { seasonNow } from './clock';
import { rewriteFixedUrl } from './spec-routes';
import type { RallySettings } from '../common/schemas/rally-settings';

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
    /** The live event bus: PostgreSQL LISTEN/NOTIFY fanned out to this process's open event streams. */
    live: LiveEvents;
    /** The current season's rally settings (cached until they, or any public data, change). */
    rallySettings: () => Promise<RallySettings>;
    /** Now, for the season's phase, registration opening and closing, and the countdown (clock.ts). */
    clock: () => Date;
    /** Work finished after the answer (password reset e-mails); stopping the app waits for it. */
    background: BackgroundWork;
    /** Every registered route, for the authorization matrix and the fuzzing suite. */
    routeTable: RouteEntry[];
    /** Background work each feature registers with its routes; main.ts starts it once the queue is up. */
    workerStarters: WorkerStarter[];
    /** Each feature's part of a person's data download and erasure (services/personal-data.ts). */
    personalDataParts: PersonalDataPart[];
  }
}

/**
 * A route, which inputs its schema checks (tests sweep every input of every route), and whether it
 * declares its answer's shape (tests require it of every JSON route).
 */
export type RouteEntry = { method: string; url: string; inputs: ('body' | 'querystring' | 'params')[]; response: boolean };

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  jobs?: Jobs | null;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve; WEB_DIR unless given (tests of static serving). */
  webDir?: string;
};

/** The built web app; WEB_DIR points elsewhere (tests of a parallel build). */
export const WEB_DIR = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole app without listening: main.ts starts it, tests drive it with inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Every log line goes through the same serializers: no tokens in URLs, no query values in errors.
  const logger = deps.logger
    ? { ...(deps.logger === true ? {} : deps.logger), serializers: logSerializers, redact: logRedactPaths }
    : false;
  const app = Fastify({
    logger,
    // Only the configured hops or proxy addresses: never every X-Forwarded-For entry (config.ts).
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // The spec's URLs (and the webhook's) reach the route of their feature's prefix (spec-routes.ts).
    rewriteUrl: rewriteFixedUrl,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Sensitive columns are sealed and opened by the database layer with these keys.
  installDataKeys(resolveDataKeys(deps.config));
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('mailer', deps.mailer);
  app.decorate('jobs', deps.jobs ?? null);
  const publicCache = new PublicCache(deps.database);
  await publicCache.start();
  app.decorate('publicCache', publicCache);
  app.addHook('onClose', () => publicCache.stop());
  const live = new LiveEvents(deps.database, { warn: (obj, msg) => app.log.warn(obj, msg) });
  await live.start();
  app.decorate('live', live);
  app.addHook('onClose', () => live.stop());
  app.decorate('rallySettings', async () => (await cachedRallySettings(publicCache, deps.database.db)).value as RallySettings);
  app.decorate('clock', () => seasonNow(deps.config));
  // The rally app dates its acts by the site's clock, read from the Date header of the API and the
  // health check: with the season's clock held (RALLY_CLOCK: journeys, demos), it says the held time.
  app.addHook('onSend', async (request, reply) => {
    if (deps.config.RALLY_CLOCK && (request.url.startsWith('/api/') || request.url === '/health'))
      reply.header('date', app.clock().toUTCString());
  });
  // A write through this instance shows on its next public answer without waiting for the NOTIFY.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') publicCache.invalidate();
  });
  app.decorate('background', new BackgroundWork());
  app.addHook('onClose', async () => app.background.idle());
  app.decorate('signingKey', createHmac('sha256', deps.sessionSecret).update('signed-urls').digest());
  app.decorate('routeTable', []);
  app.decorate('workerStarters', []);
  app.decorate('personalDataParts', []);
  app.workerStarters.push(startPromisedMailWorker);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const inputs = (['body', 'querystring', 'params'] as const).filter((k) => schema[k]);
    const response = Boolean(schema.response);
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, inputs, response });
  });

  registerErrorHandler(app);
  // Before any route, so every route's answer is compressed when large enough.
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { trustedOrigins: trustedOrigins(deps.config), extraOrigins: storageOrigins(deps.config) });
  await app.register(guardsPlugin);

  // Two scopes. Outside the session scope: the web app's HTML and files, the public read-only
  // features and the not-found handler, whose answers are the same for everyone; their requests
  // neither read nor write a session row and never get a cookie. Inside it: every other route,
  // with the session and the signed-in user loaded (each feature's index.ts says which goes where).
  await app.register(webAppPlugin, {
    webDir: deps.webDir ?? WEB_DIR,
    settings: () => pageSettings(publicCache, deps.database.db),
    dataVersion: () => publicCache.version(),
    clock: () => seasonNow(deps.config),
    fixedClock: deps.config.RALLY_CLOCK ?? null,
    sessionCookie: sessionCookieName(deps.config.PUBLIC_URL),
  });
  for (const plugin of pluginsOf(features, 'appWide')) await app.register(plugin);
  await app.register(async (publicScope) => {
    publicScope.addHook('onRoute', (route) => {
      const methods = [route.method].flat().filter((m) => m !== 'GET' && m !== 'HEAD');
      if (methods.length) throw new Error(`${methods.join()} ${route.url} is in the public scope, which holds GET routes only`);
    });
    for (const plugin of pluginsOf(features, 'public')) await publicScope.register(plugin);
  });
  // Routes whose credential is a secret in their address (a team's tracker address), called by
  // apps that keep no cookie: outside the session scope, and they may write.
  for (const plugin of pluginsOf(features, 'addressKeyed')) await app.register(plugin);
  await app.register(async (sessionScope) => {
    await sessionScope.register(sessionPlugin, { secret: deps.sessionSecret, publicUrl: deps.config.PUBLIC_URL });
    await sessionScope.register(authPlugin);
    for (const plugin of pluginsOf(features, 'session')) await sessionScope.register(plugin);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.code(404).send({ message: 'Not found' });
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ message: 'Not found' });
    // A missing file (an extension like .js or .png) is a 404; a page path whose last part holds a
    // dot for another reason (a signed link's token: /consent/<body>.<signature>) is still a page.
    const pathname = request.url.split('?')[0]!;
    if (/^\.[a-z0-9]{1,8}$/i.test(path.extname(pathname))) return reply.code(404).type('text/plain').send('Not found');
    // An address the app has no page for is not found, for a crawler or a monitor as for a person:
    // 404 with the app, which draws its "404 Page Not Found" page (server-rendered).
    if (!isPagePath(pathname)) reply.code(404);
    return reply.sendApp();
  });
  return app;
}
