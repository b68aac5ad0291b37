import type { Feature } from '../../plugins/feature';
import registrationsRoutes from './routes';

/** What the registrations feature registers, by scope (plugins/feature.ts). */
export default {
  session: [registrationsRoutes],
} satisfies Feature;
