import type { Feature } from '../../plugins/feature';
import siteHealthRoutes from './routes';

/** What the site-health feature registers, by scope (plugins/feature.ts). */
export default {
  session: [siteHealthRoutes],
} satisfies Feature;
