// Written by scripts/list-features.ts (`npm run features:list`) from the folders beside this file: do not edit.
import type { Feature } from '../plugins/feature';
import adminDonations from './admin-donations';
import audit from './audit';
import auth from './auth';
import bulkMail from './bulk-mail';
import clues from './clues';
import consent from './consent';
import contacts from './contacts';
import controlRoom from './control-room';
import credentials from './credentials';
import dashboard from './dashboard';
import deposits from './deposits';
import emailUpdates from './email-updates';
import followers from './followers';
import fundraising from './fundraising';
import health from './health';
import historic from './historic';
import homePage from './home-page';
import justgiving from './justgiving';
import liveEvents from './live-events';
import metrics from './metrics';
import participants from './participants';
import pastRallies from './past-rallies';
import privacy from './privacy';
import rallyApp from './rally-app';
import registrations from './registrations';
import results from './results';
import routeMaps from './route-maps';
import settings from './settings';
import signup from './signup';
import siteHealth from './site-health';
import teamUpdates from './team-updates';
import tracking from './tracking';
import unsubscribe from './unsubscribe';
import uploads from './uploads';
import winners from './winners';

/** Every feature folder, each with what it registers (its index.ts), in name order. */
export const features: Feature[] = [
  adminDonations,
  audit,
  auth,
  bulkMail,
  clues,
  consent,
  contacts,
  controlRoom,
  credentials,
  dashboard,
  deposits,
  emailUpdates,
  followers,
  fundraising,
  health,
  historic,
  homePage,
  justgiving,
  liveEvents,
  metrics,
  participants,
  pastRallies,
  privacy,
  rallyApp,
  registrations,
  results,
  routeMaps,
  settings,
  signup,
  siteHealth,
  teamUpdates,
  tracking,
  unsubscribe,
  uploads,
  winners,
];
