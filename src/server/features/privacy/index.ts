import type { Feature } from '../../plugins/feature';
import privacyRoutes from './routes';

/** What the privacy feature registers, by scope (plugins/feature.ts). */
export default {
  session: [privacyRoutes],
} satisfies Feature;
