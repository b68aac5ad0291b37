/** The control room's routes (registered in features/index.ts); nothing else is shared. */
export { default as controlRoomTeamRoutes } from './team-routes';
export { default as controlRoomAdminRoutes } from './admin-routes';
export { default as pushPublicRoutes } from './public-routes';
