import type { Feature } from '../../plugins/feature';
import resultsRoutes from './routes';

/** What the results feature registers, by scope (plugins/feature.ts). */
export default {
  session: [resultsRoutes],
} satisfies Feature;
