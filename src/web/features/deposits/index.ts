/** What other features may use from deposits. */
export { PayDepositButton } from './pay-deposit-button';
export { ManualDepositForm } from './manual-deposit-form';
export { useDepositSettings } from './api';
