/**
 * The database's tables, one file per feature that owns them (or per shared part: accounts,
 * sessions, teams, donations), each beside the rules of its rows; this file exports them all, so
 * code imports `db/schema` whatever file a table is in. A table that references another's imports
 * it from that file (most reference `users` in accounts.ts or `signups` in teams.ts); the queries
 * join explicitly, so there are no drizzle `relations()`. drizzle-kit reads this folder
 * (drizzle.config.ts) to write migrations: `npm run db:generate`.
 */
export * from './accounts';
export * from './sessions';
export * from './teams';
export * from './donations';
export * from './deposits';
export * from './justgiving';
export * from './email-updates';
export * from './contacts';
export * from './bulk-mail';
export * from './signed-links';
export * from './historic';
export * from './past-rallies';
export * from './winners';
export * from './results';
export * from './home-page';
export * from './route-maps';
export * from './settings';
export * from './uploads';
export * from './tracking';
export * from './clues';
export * from './team-updates';
export * from './control-room';
export * from './followers';
export * from './audit';
export * from './rate-limits';
export * from './public-cache';
export * from './site-health';
