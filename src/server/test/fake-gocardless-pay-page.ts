import escapeHtml from 'escape-html';
import { formatPence } from '../../common/money';

/**
 * The fake's stand-in for GoCardless's hosted Billing Request Flow page: what is being paid, a Pay
 * button that confirms the payment, and a way back to the site without paying.
 */
export function payPage(flow: { id: string; exitUri?: string }, request: { amount: number; currency: string; description: string }) {
  const amount = request.currency === 'GBP' ? formatPence(request.amount) : `${request.amount / 100} ${request.currency}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your payment - GoCardless (test)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<main>
<p>GoCardless test payment page</p>
<h1>Confirm your payment</h1>
<p>${escapeHtml(request.description)}</p>
<p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="/flow/${escapeHtml(flow.id)}/pay"><button type="submit">Pay</button></form>
${flow.exitUri ? `<p><a href="${escapeHtml(flow.exitUri)}">Cancel and go back</a></p>` : ''}
</main>
</body>
</html>`;
}
