/** What other features may use from the organisers' registrations. */
export { maskPassport } from './masking';
