import type { Feature } from '../../plugins/feature';
import homePageRoutes, { publicHomePageRoutes } from './routes';

/** What the home-page feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicHomePageRoutes],
  session: [homePageRoutes],
} satisfies Feature;
