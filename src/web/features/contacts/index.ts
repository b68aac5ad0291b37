/**
 * What other features use of the contact list: its filters, so a send's audience is chosen the same
 * way, its years, and its cache keys.
 */
export { ContactFilterFields } from './contact-filter-fields';
export { useContactYears } from './api';
