/** What other features use of the Site health page: its cache keys. */
export { siteHealthKeys } from './query-keys';
