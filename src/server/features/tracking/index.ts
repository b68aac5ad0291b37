import type { Feature } from '../../plugins/feature';
import publicTrackingRoutes from './public-routes';
import trackerRoutes from './tracker-routes';
import trackingRoutes from './routes';

/** What the tracking feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicTrackingRoutes],
  addressKeyed: [trackerRoutes],
  session: [trackingRoutes],
} satisfies Feature;
