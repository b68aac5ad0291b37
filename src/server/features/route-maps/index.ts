import type { Feature } from '../../plugins/feature';
import routeMapsRoutes, { publicRouteMapsRoutes } from './routes';

/** What the route-maps feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicRouteMapsRoutes],
  session: [routeMapsRoutes],
} satisfies Feature;
