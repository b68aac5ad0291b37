import type { Feature } from '../../plugins/feature';
import followersWork from './followers-worker';
import followRoutes from './follow-routes';
import followerTeamRoutes from './team-routes';

/** What the followers feature registers, by scope (plugins/feature.ts). */
export default {
  appWide: [followersWork],
  session: [followRoutes, followerTeamRoutes],
} satisfies Feature;
