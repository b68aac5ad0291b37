import type { Feature } from '../../plugins/feature';
import controlRoomAdminRoutes from './admin-routes';

/** What the control-room feature registers, by scope (plugins/feature.ts). */
export default {
  session: [controlRoomAdminRoutes],
} satisfies Feature;
