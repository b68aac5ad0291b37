import type { Feature } from '../../plugins/feature';
import teamUpdateTeamRoutes from './update-routes';
import rallyTeamRoutes from './routes';
import rallyActRoutes from './act-routes';

/** What the rally-app feature registers, by scope (plugins/feature.ts). */
export default {
  session: [teamUpdateTeamRoutes, rallyTeamRoutes, rallyActRoutes],
} satisfies Feature;
