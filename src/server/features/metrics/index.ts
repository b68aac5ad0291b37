import type { Feature } from '../../plugins/feature';
import metricsRoutes from './routes';

/** What the metrics feature registers, by scope (plugins/feature.ts). */
export default {
  appWide: [metricsRoutes],
} satisfies Feature;
