import type { PaymentMethod } from '@common/schemas/donation';

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  gocardless: 'Direct debit',
  justgiving: 'JustGiving',
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};
