import { consentLabels, sourceLabels } from '@common/schemas/contacts';
import type { BulkSendDetail } from '@common/schemas/bulk-email';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/error-message';
import { useSendDetail } from './api';
import { MessageFrame } from './message-frame';

export const audienceLabel = {
  mailing_list: 'Mailing list',
  registered_users: 'Registered ralliers',
  selected_teams: 'Selected teams',
  team_followers: "A team's followers",
} as const;

/** The audience in words: who the send was for, with the contact filters it was chosen with. */
export function describeAudience(send: BulkSendDetail): string {
  const parts: string[] = [audienceLabel[send.recipientType]];
  const a = send.audience;
  if (a.source) parts.push(sourceLabels[a.source]);
  if (a.consent) parts.push(consentLabels[a.consent]);
  if (a.year) parts.push(String(a.year));
  if (a.q) parts.push(`matching "${a.q}"`);
  if (send.recipientType === 'mailing_list') parts.push(send.onlyOptedIn ? 'only opted in' : 'everyone not opted out');
  return parts.join(' · ');
}

/** Recipients who clicked, or why there is no count. */
const clicksLabel = (n: number | null) =>
  n === null ? 'Not counted (link click counting was off)' : `${n} recipient${n === 1 ? '' : 's'}`;

/** One send opened from the history: its audience, counts and the message as it was sent. */
export function SendDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, isLoading, isError, error } = useSendDetail(id);
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()} title={data?.subject ?? 'Sent email'} wide>
      {isLoading && <p className="text-sm text-slate-600">Loading the message...</p>}
      {isError && (
        <p role="alert" className="text-sm text-rally-600">
          {errorMessage(error, 'The message could not be loaded.')}
        </p>
      )}
      {data && (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-navy-900">Sent</dt>
            <dd>{new Date(data.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</dd>
            <dt className="font-semibold text-navy-900">Audience</dt>
            <dd>
              {describeAudience(data)} ({data.kind === 'operational' ? 'operational' : 'marketing'})
            </dd>
            <dt className="font-semibold text-navy-900">Counts</dt>
            <dd className="tabular-nums">
              {data.total} recipients: {data.sent} sent · {data.failed} failed · {data.bounced} bounced · {data.skipped} skipped ·{' '}
              {data.queued} remaining
            </dd>
            <dt className="font-semibold text-navy-900">Clicked a link</dt>
            <dd className="tabular-nums" data-testid="send-clicks">
              {clicksLabel(data.clicked)}
            </dd>
          </dl>
          <p className="text-xs text-slate-500">
            As written; each person&apos;s copy had {'{{firstName}}'} and {'{{teamName}}'} filled in and the footer added.
          </p>
          <MessageFrame title="Message as sent" html={data.html} />
          <details className="text-sm">
            <summary className="cursor-pointer text-navy-800">Plain-text part</summary>
            <pre className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-2 text-xs">{data.text}</pre>
          </details>
        </div>
      )}
    </Dialog>
  );
}
