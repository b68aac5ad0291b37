/**
 * What the rally app's routes (features/rally-app, /api/my-rally-app) use of the control room: the team's
 * SOS, All OK, messages and Web Push subscriptions. The organisers' routes are registered in
 * features/index.ts.
 */
export { raiseSos, teamSosOf, toSos } from './sos';
export { sayAllOk, allOkOn } from './all-ok';
export { teamMessages } from './messages';
export { saveSubscription, removeSubscription } from './push-send';
export { vapidKeys } from './push-keys';
