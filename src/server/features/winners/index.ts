import type { Feature } from '../../plugins/feature';
import winnersRoutes from './routes';

/** What the winners feature registers, by scope (plugins/feature.ts). */
export default {
  session: [winnersRoutes],
} satisfies Feature;
