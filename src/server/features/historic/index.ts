import type { Feature } from '../../plugins/feature';
import historicRoutes from './routes';

/** What the historic feature registers, by scope (plugins/feature.ts). */
export default {
  session: [historicRoutes],
} satisfies Feature;
