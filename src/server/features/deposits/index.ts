import type { Feature } from '../../plugins/feature';
import depositRoutes from './routes';

/** What the deposits feature registers, by scope (plugins/feature.ts). */
export default {
  session: [depositRoutes],
} satisfies Feature;
