import type { Feature } from '../../plugins/feature';
import bulkMail from './mailer';
import mailingListRoutes from './routes';
import teamMailRoutes from './team-mail-routes';
import composeRoutes from './compose-routes';
import draftRoutes from './drafts';
import clickRoutes from './click-routes';

/** What the bulk-mail feature registers, by scope (plugins/feature.ts). */
export default {
  appWide: [bulkMail],
  session: [mailingListRoutes, teamMailRoutes, composeRoutes, draftRoutes, clickRoutes],
} satisfies Feature;
