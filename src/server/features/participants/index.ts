import type { Feature } from '../../plugins/feature';
import participantsRoutes from './routes';

/** What the participants feature registers, by scope (plugins/feature.ts). */
export default {
  public: [participantsRoutes],
} satisfies Feature;
