import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { bulkEmailSchema, type AudienceCount, type BulkEmailInput } from '@common/schemas/bulk-email';
import { Send } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useSendBulkEmail } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/** Each audience keeps the wording of the page it sits on. */
const copy = {
  registered_users: {
    Heading: 'h3',
    heading: 'Send Bulk Email',
    intro: 'To the drivers and co-drivers of every registered team.',
    box: 'rounded-xl border border-slate-200',
    missing: 'Please provide both subject and content',
    placeholder: '<p>Hello ralliers...</p>',
    help: undefined,
    submit: 'Send Bulk Email',
    confirmTitle: 'Send to registered users?',
    audience: (
      <p>
        <strong>Audience: registered users</strong> (drivers and co-drivers of this year&apos;s teams).
      </p>
    ),
    confirm: 'Send Email',
    sent: 'Email Sent Successfully',
    failed: 'Failed to Send Email',
    failedFallback: 'Failed to Send Email',
  },
  mailing_list: {
    Heading: 'h2',
    heading: 'Send bulk email',
    intro: undefined,
    box: 'rounded-2xl border border-slate-200 bg-white shadow-sm',
    missing: 'Subject and content are required',
    placeholder: '<p>Dear ralliers,</p>',
    help: 'Links, headings, lists and images are kept; scripts and styles are removed. Every message gets a personal unsubscribe link.',
    submit: 'Send Email',
    confirmTitle: 'Send this email?',
    audience: null,
    confirm: 'Send',
    sent: 'Emails sent',
    failed: 'Failed to send emails',
    failedFallback: 'Please try again.',
  },
} as const;

type Audience = { recipientType: 'registered_users' | 'mailing_list' };

/** The server's count of who this send would reach, by the same rule the send uses. */
export const audienceCountUrl = (recipientType: string, onlyOptedIn: boolean) =>
  `/api/admin/bulk-email/audience-count?recipientType=${recipientType}&onlyOptedIn=${onlyOptedIn}`;

/**
 * Subject and HTML content to one audience, sent after a confirmation that gives the number of
 * recipients: this year's registered drivers and co-drivers, or the mailing list (only opted-in
 * contacts unless unticked, with the live count).
 */
export function BulkEmailForm(props: Audience) {
  const { recipientType } = props;
  const c = copy[recipientType];
  const form = useForm<z.input<typeof bulkEmailSchema>, unknown, z.output<typeof bulkEmailSchema>>({
    resolver: zodResolver(bulkEmailSchema),
    defaultValues: { subject: '', htmlContent: '', recipientType, onlyOptedIn: true },
  });
  const { register, watch, handleSubmit, reset } = form;
  /** The checked message waiting for the organiser's confirmation. */
  const [toConfirm, setToConfirm] = useState<BulkEmailInput | null>(null);
  const send = useSendBulkEmail();
  const onlyOptedIn = watch('onlyOptedIn') ?? true;
  const count = useQuery<AudienceCount>({ queryKey: [audienceCountUrl(recipientType, onlyOptedIn)], staleTime: 0 });
  const recipients = count.data?.count;
  const empty = !watch('subject').trim() || !watch('htmlContent').trim();

  // The schema's checks, with each audience's own wording of the one message they can give.
  const submit = handleSubmit(
    (values) => setToConfirm(values),
    () => toast({ title: 'Validation error', description: c.missing, variant: 'destructive' }),
  );

  const go = () =>
    toConfirm &&
    send.mutate(toConfirm, {
      onSuccess: (r) => {
        setToConfirm(null);
        void count.refetch();
        reset({ subject: '', htmlContent: '', recipientType, onlyOptedIn });
        toast({ title: c.sent, description: r.message });
      },
      onError: (err) => {
        setToConfirm(null);
        toast({ title: c.failed, description: errorMessage(err, c.failedFallback), variant: 'destructive' });
      },
    });

  return (
    <form onSubmit={submit} noValidate className={cn('flex flex-col gap-3 p-4 sm:p-5', c.box)}>
      <div>
        <c.Heading className="flex items-center gap-2 text-lg font-bold text-navy-900">
          <Send className="h-4 w-4 text-gold-600" aria-hidden /> {c.heading}
        </c.Heading>
        {c.intro && <p className="mt-1 text-sm text-slate-600">{c.intro}</p>}
      </div>
      <div>
        <Label htmlFor="bulk-subject">Subject</Label>
        <Input id="bulk-subject" maxLength={200} {...register('subject')} />
      </div>
      <div>
        <Label htmlFor="bulk-content">Content (HTML)</Label>
        <Textarea
          id="bulk-content"
          {...register('htmlContent')}
          rows={8}
          className="font-mono text-sm"
          placeholder={c.placeholder}
          aria-describedby={c.help ? 'bulk-content-help' : undefined}
        />
        {c.help && (
          <p id="bulk-content-help" className="mt-1 text-xs text-slate-500">
            {c.help}
          </p>
        )}
      </div>
      {recipientType === 'mailing_list' && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...register('onlyOptedIn')} className="h-4 w-4 accent-navy-700" />
          Only send to contacts who opted in
        </label>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {recipientType === 'mailing_list' && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {recipients === undefined ? (
              'Counting recipients...'
            ) : (
              <>
                This email will be sent to <strong className="tabular-nums">{recipients}</strong> recipient{recipients === 1 ? '' : 's'}.
              </>
            )}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={empty || send.isPending} className="self-start sm:self-auto">
          <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : c.submit}
        </Button>
      </div>
      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(open) => !open && setToConfirm(null)}
        title={c.confirmTitle}
        confirmLabel={send.isPending ? 'Sending...' : c.confirm}
        pending={send.isPending}
        onConfirm={go}
      >
        {c.audience}
        <p>
          {recipients === undefined ? 'Counting recipients...' : `Are you sure you want to send this email to ${recipients} recipients?`}
        </p>
      </ConfirmDialog>
    </form>
  );
}
