/** What pages use of the contact list: its years, for a mailing-list send's audience. */
export { useContactYears } from './api';
