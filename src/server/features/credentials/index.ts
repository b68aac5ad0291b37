import type { Feature } from '../../plugins/feature';
import credentialsRoutes from './routes';

/** What the credentials feature registers, by scope (plugins/feature.ts). */
export default {
  session: [credentialsRoutes],
} satisfies Feature;
