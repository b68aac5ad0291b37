import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/routes';
import authRoutes from './auth/routes';
import bulkMail from './bulk-mail/mailer';
import historicRoutes from './historic/routes';
import mailingListRoutes from './bulk-mail/routes';
import teamMailRoutes from './bulk-mail/team-mail-routes';
import composeRoutes from './bulk-mail/compose-routes';
import draftRoutes from './bulk-mail/drafts';
import clickRoutes from './bulk-mail/click-routes';
import unsubscribeRoutes from './unsubscribe/routes';
import contactRoutes from './contacts/routes';
import consentRoutes from './consent/routes';
import publicTeamsRoutes from './fundraising/routes';
import participantsRoutes from './participants/routes';
import emailUpdatesRoutes from './email-updates/routes';
import adminSignupsRoutes from './registrations/routes';
import adminDonationsRoutes from './admin-donations/routes';
import auditRoutes from './audit/routes';
import credentialsRoutes from './credentials/routes';
import signupRoutes from './signup/routes';
import mySignupRoutes from './dashboard/routes';
import invitationRoutes from './dashboard/invitation-routes';
import uploadRoutes from './uploads/routes';
import privacyRoutes from './privacy/routes';
import depositRoutes from './deposits/routes';
import settingsRoutes from './settings/routes';
import ralliesRoutes from './rallies/routes';
import homePageRoutes from './home-page/routes';
import routeMapsRoutes from './route-maps/routes';
import justGivingRoutes from './justgiving/routes';
import resultsRoutes from './results/routes';
import winnersRoutes from './winners/routes';

/**
 * Every feature's routes, registered by buildApp. A feature adds itself here with one line;
 * features never import each other's internals.
 */
export const features: FastifyPluginAsync<any>[] = [
  healthRoutes,
  authRoutes,
  participantsRoutes,
  emailUpdatesRoutes,
  publicTeamsRoutes,
  adminSignupsRoutes,
  adminDonationsRoutes,
  auditRoutes,
  credentialsRoutes,
  signupRoutes,
  mySignupRoutes,
  invitationRoutes,
  uploadRoutes,
  bulkMail,
  historicRoutes,
  mailingListRoutes,
  teamMailRoutes,
  composeRoutes,
  draftRoutes,
  clickRoutes,
  unsubscribeRoutes,
  privacyRoutes,
  depositRoutes,
  justGivingRoutes,
  contactRoutes,
  consentRoutes,
  settingsRoutes,
  ralliesRoutes,
  homePageRoutes,
  routeMapsRoutes,
  winnersRoutes,
  resultsRoutes,
];
