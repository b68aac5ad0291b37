import type { Feature } from '../../plugins/feature';
import adminDonationsRoutes from './routes';

/** What the admin-donations feature registers, by scope (plugins/feature.ts). */
export default {
  session: [adminDonationsRoutes],
} satisfies Feature;
