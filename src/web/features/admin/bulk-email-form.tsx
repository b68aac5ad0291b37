import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSendBulkEmail } from './api';
import { ConfirmDialog } from './confirm-dialog';

/** An e-mail to everyone registered for this year's rally (drivers and co-drivers), after a confirmation. */
export function BulkEmailForm({ recipientCount }: { recipientCount: number }) {
  const [subject, setSubject] = useState('');
  const [htmlContent, setHtmlContent] = useState('');
  const [confirming, setConfirming] = useState(false);
  const send = useSendBulkEmail();
  const empty = !subject.trim() || !htmlContent.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (empty) return toast({ title: 'Validation error', description: 'Please provide both subject and content', variant: 'destructive' });
    setConfirming(true);
  };

  const go = () =>
    send.mutate(
      { subject, htmlContent },
      {
        onSuccess: (r) => {
          toast({ title: 'Email Sent Successfully', description: r?.message ?? `Sent to ${r?.sent ?? 0} recipients.` });
          setSubject('');
          setHtmlContent('');
          setConfirming(false);
        },
        onError: (err) => {
          toast({ title: 'Failed to Send Email', description: errorMessage(err, 'Failed to Send Email'), variant: 'destructive' });
          setConfirming(false);
        },
      },
    );

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <div>
        <h3 className="flex items-center gap-2 font-bold text-navy-900"><Send className="h-4 w-4 text-gold-600" aria-hidden /> Send Bulk Email</h3>
        <p className="mt-1 text-sm text-slate-600">To the drivers and co-drivers of every registered team.</p>
      </div>
      <div>
        <Label htmlFor="bulk-subject">Subject</Label>
        <Input id="bulk-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
      </div>
      <div>
        <Label htmlFor="bulk-content">Content (HTML)</Label>
        <Textarea id="bulk-content" value={htmlContent} onChange={(e) => setHtmlContent(e.target.value)} rows={6} placeholder="<p>Hello ralliers...</p>" />
      </div>
      <Button type="submit" variant="secondary" disabled={empty || send.isPending} className="self-start">
        {send.isPending ? 'Sending...' : 'Send Bulk Email'}
      </Button>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title="Send to registered users?" confirmLabel="Send Email" pending={send.isPending} onConfirm={go}>
        <p><strong>Audience: registered users</strong> (drivers and co-drivers of this year&apos;s teams).</p>
        <p>Are you sure you want to send this email to {recipientCount} recipients?</p>
      </ConfirmDialog>
    </form>
  );
}
