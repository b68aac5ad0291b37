import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/routes';
import authRoutes from './auth/routes';
import participantsRoutes from './participants/routes';
import emailUpdatesRoutes from './email-updates/routes';
import adminSignupsRoutes from './admin-signups/routes';
import auditRoutes from './audit/routes';
import credentialsRoutes from './credentials/routes';

/**
 * Every feature's routes, registered by buildApp. A feature adds itself here with one line;
 * features never import each other's internals.
 */
export const features: FastifyPluginAsync<any>[] = [healthRoutes, authRoutes, participantsRoutes, emailUpdatesRoutes, adminSignupsRoutes, auditRoutes, credentialsRoutes];
