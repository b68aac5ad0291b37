import type { Feature } from '../../plugins/feature';
import settingsRoutes, { publicSettingsRoutes } from './routes';

/** What the settings feature registers, by scope (plugins/feature.ts). */
export default {
  public: [publicSettingsRoutes],
  session: [settingsRoutes],
} satisfies Feature;
