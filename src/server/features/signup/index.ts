import type { Feature } from '../../plugins/feature';
import signupRoutes from './routes';

/** What the signup feature registers, by scope (plugins/feature.ts). */
export default {
  session: [signupRoutes],
} satisfies Feature;
