import type { Feature } from '../../plugins/feature';
import healthRoutes from './routes';

/** What the health feature registers, by scope (plugins/feature.ts). */
export default {
  public: [healthRoutes],
} satisfies Feature;
