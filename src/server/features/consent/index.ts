import type { Feature } from '../../plugins/feature';
import consentRoutes from './routes';

/** What the consent feature registers, by scope (plugins/feature.ts). */
export default {
  session: [consentRoutes],
} satisfies Feature;
