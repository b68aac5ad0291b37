import type { Feature } from '../../plugins/feature';
import dashboardRoutes from './routes';
import invitationRoutes from './invitation-routes';

/** What the dashboard feature registers, by scope (plugins/feature.ts). */
export default {
  session: [dashboardRoutes, invitationRoutes],
} satisfies Feature;
