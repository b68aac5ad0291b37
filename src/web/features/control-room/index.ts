/**
 * The control room's parts for other screens. For the rally app (each fetches its own data):
 * - <TeamMessages listen? /> the organisers' messages and "Allow notifications";
 * - <SosButton send? /> the SOS with a confirm step; `send(input)` to pass it through an offline queue;
 * - <AllOkButton send? /> "All OK tonight"; `send(clientId)` likewise.
 * For the rally app's service worker: showPush and openFromNotification (push-handler.ts).
 */
export { TeamMessages } from './team-messages';
export { SosButton } from './sos-button';
export { AllOkButton } from './all-ok-button';
export { showPush, openFromNotification } from './push-handler';
/** The team's own state (tonight's All OK, its SOS and the organisers' answer to it). */
export { useMyRallyStatus } from './api';
