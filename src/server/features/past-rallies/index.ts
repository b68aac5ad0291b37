import type { Feature } from '../../plugins/feature';
import pastRalliesRoutes, { publicPastRalliesRoutes } from './routes';

/** What the past-rallies feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicPastRalliesRoutes],
  session: [pastRalliesRoutes],
} satisfies Feature;
