import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { MailQuestion } from 'lucide-react';
import type { BulkSendAnswer } from '@common/schemas/bulk-email';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { consentRequestCountQuery, sendConsentRequest } from './api';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { bulkMailKeys } from '../../query-keys/bulk-mail';
import { contactsKeys } from '../../query-keys/contacts';

/**
 * "Request consent": asks the contacts who were never asked whether they want rally news. The
 * confirmation shows the server's count first; the send goes through the bulk-mail outbox.
 */
export function RequestConsent() {
  const [open, setOpen] = useState(false);
  const [includeAskedBefore, setIncludeAskedBefore] = useState(false);
  const [queued, setQueued] = useState<BulkSendAnswer | null>(null);
  const count = useQuery({ ...consentRequestCountQuery(includeAskedBefore), enabled: open });
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: sendConsentRequest,
    // The request is a send: it shows in the sends' progress, and the contacts it asked change.
    onSuccess: () => {
      for (const queryKey of [contactsKeys.all, bulkMailKeys.sends, bulkMailKeys.audienceCounts])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  const n = count.data?.count ?? 0;

  const confirm = () =>
    send.mutate(
      { includeAskedBefore },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setQueued(answer);
          toast({ title: 'Consent request queued', description: answer.message });
        },
        onError: (err) => toast({ title: 'Not sent', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MailQuestion className="h-4 w-4" aria-hidden /> Request consent
      </Button>
      {queued && (
        <p role="status" className="text-sm text-slate-700">
          {queued.message}.{' '}
          <Link href="/admin/mailing-list" className="font-semibold text-navy-700 underline">
            Follow the sending
          </Link>
        </p>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Request consent"
        confirmLabel={send.isPending ? 'Sending...' : 'Send the request'}
        pending={send.isPending || !count.data || n === 0}
        onConfirm={confirm}
      >
        {count.isLoading || !count.data ? (
          <p aria-busy="true">Counting the contacts to ask...</p>
        ) : (
          <>
            <p>
              {n === 0
                ? 'There is nobody to ask: every contact has answered or was asked already.'
                : `Send the consent request to ${n} contact${n === 1 ? '' : 's'}?`}
            </p>
            <p className="text-sm">
              Each gets an e-mail with a &ldquo;Yes, keep me informed&rdquo; button and an unsubscribe link. Contacts who opted out or whose
              address bounced are never sent it.
            </p>
            {count.data.askedBefore > 0 && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={includeAskedBefore} onChange={(e) => setIncludeAskedBefore(e.target.checked)} />
                Also ask again the {count.data.askedBefore} contact{count.data.askedBefore === 1 ? '' : 's'} asked before who did not answer
              </label>
            )}
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
