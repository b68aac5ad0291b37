import type { Feature } from '../../plugins/feature';
import justGivingRoutes from './routes';

/** What the justgiving feature registers, by scope (plugins/feature.ts). */
export default {
  session: [justGivingRoutes],
} satisfies Feature;
