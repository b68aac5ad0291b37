import { useState } from 'react';
import { Send } from 'lucide-react';
import { countRecipients, type MailingContact } from '@common/mailing';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSendToMailingList } from './api';

/** Subject, HTML content and only-opted-in (on by default), with the live recipient count. */
export function BulkEmailForm({ contacts }: { contacts: MailingContact[] }) {
  const [subject, setSubject] = useState('');
  const [htmlContent, setHtmlContent] = useState('');
  const [onlyOptedIn, setOnlyOptedIn] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const send = useSendToMailingList();
  const recipients = countRecipients(contacts, onlyOptedIn);
  const empty = !subject.trim() || !htmlContent.trim();

  const ask = (e: React.FormEvent) => {
    e.preventDefault();
    if (empty) return toast({ title: 'Validation error', description: 'Subject and content are required', variant: 'destructive' });
    setConfirming(true);
  };

  const confirm = () =>
    send.mutate({ subject, htmlContent, onlyOptedIn }, {
      onSuccess: (r) => {
        setConfirming(false);
        setSubject('');
        setHtmlContent('');
        toast({ title: 'Emails sent', description: r.message });
      },
      onError: (err) => {
        setConfirming(false);
        toast({ title: 'Failed to send emails', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      },
    });

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-bold text-navy-900">Send bulk email</h2>
      <form onSubmit={ask} className="mt-3 space-y-4" noValidate>
        <div>
          <Label htmlFor="bulk-subject">Subject</Label>
          <Input id="bulk-subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={200} />
        </div>
        <div>
          <Label htmlFor="bulk-content">Content (HTML)</Label>
          <Textarea id="bulk-content" value={htmlContent} onChange={(e) => setHtmlContent(e.target.value)} rows={8} className="font-mono text-sm"
            placeholder="<p>Dear ralliers,</p>" aria-describedby="bulk-content-help" />
          <p id="bulk-content-help" className="mt-1 text-xs text-slate-500">Links, headings, lists and images are kept; scripts and styles are removed. Every message gets a personal unsubscribe link.</p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={onlyOptedIn} onChange={(e) => setOnlyOptedIn(e.target.checked)} className="h-4 w-4 accent-navy-700" />
          Only send to contacts who opted in
        </label>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" aria-live="polite">
            This email will be sent to <strong className="tabular-nums">{recipients}</strong> recipient{recipients === 1 ? '' : 's'}.
          </p>
          <Button type="submit" variant="secondary" disabled={empty || send.isPending}>
            <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </div>
      </form>
      <Dialog open={confirming} onOpenChange={setConfirming} title="Send this email?">
        <p className="text-slate-700">Are you sure you want to send this email to {recipients} recipients?</p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="secondary" onClick={confirm} disabled={send.isPending}>{send.isPending ? 'Sending...' : 'Send'}</Button>
        </div>
      </Dialog>
    </Card>
  );
}
