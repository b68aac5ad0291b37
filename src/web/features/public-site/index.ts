/** What other features and pages use of public-site: its cache keys. */
export { publicSiteKeys } from './query-keys';
