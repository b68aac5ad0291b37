/**
 * What pages use of the rally app: its own sections, its queue, the clock, the worker's registration
 * and the dashboard's link. The page (src/web/pages/rally-app/) puts the sections together with
 * the control room's and team updates' parts.
 */
export { useMyClues } from './api';
export { ScoreSection } from './components/score-section';
export { CluesSection } from './components/clues-section';
export { StandingsSection } from './components/standings-section';
export { SharingSection } from './components/sharing-section';
export { LOGIN_AND_BACK } from './components/queue-status';
export { siteNow } from './site-clock';
export { RallyQueueProvider, useRallyQueue } from './rally-queue';
export { useRallyAppLiveRefresh } from './live-refresh';
export { keepReadsOffline } from './offline-reads';
export { QueueStatus } from './components/queue-status';
export { registerRallyAppWorker } from './register-service-worker';
export { RallyAppLinkCard, rallyAppIsNear } from './rally-app-link-card';
export { forgetRallyAppCopies } from './forget-copies';
