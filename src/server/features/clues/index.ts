import type { Feature } from '../../plugins/feature';
import publicClueRoutes from './public-routes';
import clueAdminRoutes from './admin-routes';
import clueTeamRoutes from './team-routes';

/** What the clues feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicClueRoutes],
  session: [clueAdminRoutes, clueTeamRoutes],
} satisfies Feature;
