import type { Feature } from '../../plugins/feature';
import fundraisingRoutes from './routes';
import followTeamRoute from './follow-route';

/** What the fundraising feature registers, by scope (plugins/feature.ts). */
export default {
  public: [fundraisingRoutes],
  session: [followTeamRoute],
} satisfies Feature;
