import type { Feature } from '../../plugins/feature';
import publicTeamUpdateRoutes from './public-routes';
import teamUpdateAdminRoutes from './admin-routes';

/** What the team-updates feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicTeamUpdateRoutes],
  session: [teamUpdateAdminRoutes],
} satisfies Feature;
