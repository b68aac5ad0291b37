import type { Feature } from '../../plugins/feature';
import liveEventRoutes from './routes';
import liveEventAdminRoutes from './admin-routes';

/** What the live-events feature registers, by scope (plugins/feature.ts). */
export default {
  public: [liveEventRoutes],
  session: [liveEventAdminRoutes],
} satisfies Feature;
