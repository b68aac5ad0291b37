import type { Feature } from '../../plugins/feature';
import authRoutes from './routes';

/** What the auth feature registers, by scope (plugins/feature.ts). */
export default {
  session: [authRoutes],
} satisfies Feature;
