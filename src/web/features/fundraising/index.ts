/**
 * What other features use of fundraising: a team's donate-page link, the ways to share or copy it,
 * and the cache keys of the public lists that changes to teams and donations refresh.
 */
export { copyText, donatePageUrl } from './share';
export { ShareButton } from './share-button';
export { LinkField } from './link-field';
