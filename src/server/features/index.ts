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
import fundraisingRoutes from './fundraising/routes';
import participantsRoutes from './participants/routes';
import emailUpdatesRoutes from './email-updates/routes';
import registrationsRoutes from './registrations/routes';
import adminDonationsRoutes from './admin-donations/routes';
import auditRoutes from './audit/routes';
import credentialsRoutes from './credentials/routes';
import signupRoutes from './signup/routes';
import dashboardRoutes from './dashboard/routes';
import invitationRoutes from './dashboard/invitation-routes';
import uploadRoutes, { uploadedFilesRoutes } from './uploads/routes';
import privacyRoutes from './privacy/routes';
import depositRoutes from './deposits/routes';
import settingsRoutes, { publicSettingsRoutes } from './settings/routes';
import pastRalliesRoutes, { publicPastRalliesRoutes } from './past-rallies/routes';
import homePageRoutes, { publicHomePageRoutes } from './home-page/routes';
import routeMapsRoutes, { publicRouteMapsRoutes } from './route-maps/routes';
import justGivingRoutes from './justgiving/routes';
import resultsRoutes from './results/routes';
import winnersRoutes from './winners/routes';
import trackingRoutes from './tracking/routes';
import trackerRoutes from './tracking/tracker-routes';
import publicTrackingRoutes from './tracking/public-routes';
import liveEventRoutes from './live-events/routes';
import clueAdminRoutes from './clues/admin-routes';
import clueTeamRoutes from './clues/team-routes';
import publicClueRoutes from './clues/public-routes';
import teamUpdateTeamRoutes from './rally-app/update-routes';
import teamUpdateAdminRoutes from './team-updates/admin-routes';
import publicTeamUpdateRoutes from './team-updates/public-routes';
import liveEventAdminRoutes from './live-events/admin-routes';
import controlRoomAdminRoutes from './control-room/admin-routes';
import rallyTeamRoutes from './rally-app/routes';
import rallyActRoutes from './rally-app/act-routes';
import metricsRoutes from './metrics/routes';
import siteHealthRoutes from './site-health/routes';
import followersWork from './followers/followers-worker';
import followRoutes from './followers/follow-routes';
import followTeamRoute from './fundraising/follow-route';
import followerTeamRoutes from './followers/team-routes';

/** What features give the whole app rather than routes (app.bulkMail): registered at the root, before both scopes. */
export const appWideFeatures: FastifyPluginAsync<any>[] = [bulkMail, followersWork, metricsRoutes];

/**
 * The public read-only routes: GETs whose answer is the same for everyone (the cached public lists,
 * the settings, the fundraising pages and share images, uploaded pictures, /health). buildApp
 * registers them outside the session scope, so their requests neither read nor write a session,
 * load no user and get no cookie, even when the browser sends one. Only GET routes belong here
 * (checked at start-up); a feature with both kinds exports its public routes as a plugin of their own.
 */
export const publicFeatures: FastifyPluginAsync<any>[] = [
  healthRoutes,
  participantsRoutes,
  fundraisingRoutes,
  publicSettingsRoutes,
  publicPastRalliesRoutes,
  publicHomePageRoutes,
  publicRouteMapsRoutes,
  uploadedFilesRoutes,
  publicTrackingRoutes,
  liveEventRoutes,
  publicClueRoutes,
  publicTeamUpdateRoutes,
];

/**
 * Routes whose credential is a secret in their address, called by apps that keep no cookie (a
 * team's tracker address): buildApp registers them outside the session scope, like the public
 * ones, but they may write, so each checks its secret itself.
 */
export const addressKeyedFeatures: FastifyPluginAsync<any>[] = [trackerRoutes];

/**
 * Every other feature's routes, registered by buildApp inside the session scope: their requests
 * load the session and the signed-in user. A feature adds itself here with one line; features
 * never import each other's internals.
 */
export const features: FastifyPluginAsync<any>[] = [
  authRoutes,
  siteHealthRoutes,
  emailUpdatesRoutes,
  followRoutes,
  followTeamRoute,
  followerTeamRoutes,
  registrationsRoutes,
  adminDonationsRoutes,
  auditRoutes,
  credentialsRoutes,
  signupRoutes,
  dashboardRoutes,
  invitationRoutes,
  uploadRoutes,
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
  pastRalliesRoutes,
  homePageRoutes,
  routeMapsRoutes,
  winnersRoutes,
  resultsRoutes,
  trackingRoutes,
  clueAdminRoutes,
  clueTeamRoutes,
  teamUpdateTeamRoutes,
  teamUpdateAdminRoutes,
  liveEventAdminRoutes,
  controlRoomAdminRoutes,
  rallyTeamRoutes,
  rallyActRoutes,
];
