import { useState } from 'react';
import { MailOpen, Pause, RotateCw } from 'lucide-react';
import type { BulkSendProgress } from '@common/schemas/bulk-email';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useBulkSends, usePauseSend, useResumeSend } from './api';
import { audienceLabel, SendDetailDialog } from './send-detail-dialog';

const statusLabel = { queued: 'Queued', sending: 'Sending', paused: 'Paused', done: 'Finished' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function SendRow({ send, onOpen }: { send: BulkSendProgress; onOpen: () => void }) {
  const resume = useResumeSend();
  const pause = usePauseSend();
  const done = send.sent + send.failed + send.skipped + send.bounced;
  const pct = send.total ? Math.round((done / send.total) * 100) : 100;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-navy-900">{send.subject}</p>
        <Badge
          className={
            send.status === 'paused' ? 'bg-rose-100 text-rose-800' : send.status === 'done' ? 'bg-emerald-100 text-emerald-800' : ''
          }
        >
          {statusLabel[send.status]}
        </Badge>
      </div>
      <p className="text-xs text-slate-500">
        {when(send.createdAt)} · {audienceLabel[send.recipientType]} · {send.kind === 'operational' ? 'Operational' : 'Marketing'}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`Progress of ${send.subject}`}
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-navy-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-sm tabular-nums text-slate-700">
        {send.sent} sent · {send.failed} failed · {send.bounced} bounced · {send.skipped} skipped · {send.queued} remaining
        {(send.status === 'sending' || send.status === 'queued') && <> · {send.perMinute} per minute</>}
        {send.clicked !== null && <> · {send.clicked} clicked a link</>}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Open ${send.subject}`}>
          <MailOpen className="h-4 w-4" aria-hidden /> Open
        </Button>
        {(send.status === 'sending' || send.status === 'queued') && (
          <Button
            size="sm"
            variant="outline"
            disabled={pause.isPending}
            onClick={() =>
              pause.mutate(send.id, {
                onError: (e) => toast({ title: 'Error', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
              })
            }
          >
            <Pause className="h-4 w-4" aria-hidden /> Pause
          </Button>
        )}
        {send.status === 'paused' && (
          <>
            <p className="text-sm text-rally-600">Paused. Resume carries on with the remaining recipients.</p>
            <Button
              size="sm"
              variant="outline"
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(send.id, {
                  onError: (e) => toast({ title: 'Error', description: errorMessage(e, 'Failed to send emails'), variant: 'destructive' }),
                })
              }
            >
              <RotateCw className="h-4 w-4" aria-hidden /> Resume
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The one sending view of the admin page and the mailing list: each send with its sent / failed /
 * bounced / remaining counts and rate, live while sending, pause and resume, and the history of
 * past sends, each openable to read the message as it was sent.
 */
export function SendProgress() {
  const { data, isLoading } = useBulkSends();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-bold text-navy-900">Recent sends</h2>
      <p className="text-sm text-slate-600">Every bulk email from this page and the mailing list, newest first.</p>
      {isLoading && <p className="mt-2 text-sm text-slate-600">Loading...</p>}
      {data && data.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No bulk emails sent yet. Each send shows here with its progress, at a steady pace the mail server accepts.
        </p>
      )}
      <ul className="divide-y divide-slate-100" aria-live="polite">
        {data?.map((s) => (
          <SendRow key={s.id} send={s} onOpen={() => setOpenId(s.id)} />
        ))}
      </ul>
      <SendDetailDialog id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
