import type { Feature } from '../../plugins/feature';
import auditRoutes from './routes';

/** What the audit feature registers, by scope (plugins/feature.ts). */
export default {
  session: [auditRoutes],
} satisfies Feature;
