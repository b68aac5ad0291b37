/** What pages use of the rally app: its sections, its queue, the worker's registration and the dashboard's link. */
export { useMyClues } from './api';
export { rallyAppSections, type RallyAppSectionProps } from './rally-app-sections';
export { RallyQueueProvider, useRallyQueue } from './rally-queue';
export { useRallyAppLiveRefresh } from './live-refresh';
export { keepReadsOffline } from './offline-reads';
export { QueueStatus } from './components/queue-status';
export { registerRallyAppWorker } from './register-service-worker';
export { RallyAppLinkCard, rallyAppIsNear } from './rally-app-link-card';
export { forgetRallyAppCopies } from './forget-copies';
