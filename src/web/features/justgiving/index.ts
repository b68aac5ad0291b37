/** What other features may use from the JustGiving sync. */
export { JustGivingPageCheck } from './page-check';
