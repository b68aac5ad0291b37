import { formatPence } from '@common/money';

const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "£500.00 on 14 Feb 2031", or null when no deposit is recorded (the organisers' list and team card both say it). */
export function depositSummary(s: { depositAmountPence: number | null; depositPaidOn: string | null }): string | null {
  if (s.depositAmountPence == null || !s.depositPaidOn) return null;
  return `${formatPence(s.depositAmountPence)} on ${longDay(s.depositPaidOn)}`;
}
