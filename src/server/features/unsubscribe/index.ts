import type { Feature } from '../../plugins/feature';
import unsubscribeRoutes from './routes';

/** What the unsubscribe feature registers, by scope (plugins/feature.ts). */
export default {
  session: [unsubscribeRoutes],
} satisfies Feature;
