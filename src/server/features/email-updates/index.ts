import type { Feature } from '../../plugins/feature';
import emailUpdatesRoutes from './routes';

/** What the email-updates feature registers, by scope (plugins/feature.ts). */
export default {
  session: [emailUpdatesRoutes],
} satisfies Feature;
