import type { Feature } from '../../plugins/feature';
import uploadRoutes, { uploadedFilesRoutes } from './routes';

/** What the uploads feature registers, by scope (plugins/feature.ts). */
export default {
  public: [uploadedFilesRoutes],
  session: [uploadRoutes],
} satisfies Feature;
