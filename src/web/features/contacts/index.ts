/** What other features use of the contact list: its filters, so a send's audience is chosen the same way. */
export { ContactFilterFields } from './contact-filter-fields';
