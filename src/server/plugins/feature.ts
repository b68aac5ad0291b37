import type { FastifyPluginAsync } from 'fastify';

/**
 * What a feature folder registers, declared in its own index.ts, by the scope buildApp (app.ts)
 * registers it in. src/server/features/index.ts lists every folder's declaration; it is written by
 * scripts/list-features.ts (`npm run features:list`), so a new feature is a new folder with an
 * index.ts, and no central list is edited by hand.
 */
export type Feature = {
  /** What a feature gives the whole app rather than routes (app.bulkMail): registered at the root, before both scopes. */
  appWide?: FastifyPluginAsync<any>[];
  /**
   * Public read-only routes: GETs whose answer is the same for everyone (the cached public lists,
   * the settings, the fundraising pages and share images, uploaded pictures, /health). Registered
   * outside the session scope, so their requests neither read nor write a session, load no user and
   * get no cookie, even when the browser sends one. Only GET routes belong here (checked at
   * start-up); a feature with both kinds exports its public routes as a plugin of their own.
   */
  public?: FastifyPluginAsync<any>[];
  /**
   * Routes whose credential is a secret in their address, called by apps that keep no cookie (a
   * team's tracker address): outside the session scope, like the public ones, but they may write,
   * so each checks its secret itself.
   */
  addressKeyed?: FastifyPluginAsync<any>[];
  /** Every other route, inside the session scope: its requests load the session and the signed-in user. */
  session?: FastifyPluginAsync<any>[];
};

/** The plugins of one scope, feature by feature in the list's order. */
export const pluginsOf = (features: Feature[], scope: keyof Feature) => features.flatMap((feature) => feature[scope] ?? []);
