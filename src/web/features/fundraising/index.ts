/** What other features use of fundraising: a team's donate-page link, and the ways to share or copy it. */
export { copyText, donatePageUrl } from './share';
export { ShareButton } from './share-button';
export { LinkField } from './link-field';
