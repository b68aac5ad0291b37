import type { Feature } from '../../plugins/feature';
import contactRoutes from './routes';

/** What the contacts feature registers, by scope (plugins/feature.ts). */
export default {
  session: [contactRoutes],
} satisfies Feature;
