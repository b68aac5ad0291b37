import { lazy, Suspense, useState } from 'react';
import { Eye, FlaskConical, Save, Send, SquarePen } from 'lucide-react';
import { bulkEmailSchema, type BulkEmailInput, type ComposePreviewAnswer, type EmailDraft } from '@common/schemas/bulk-email';
import type { ContactFilter } from '@common/schemas/contacts';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAudienceCount, useDeleteDraft, usePreview, useSaveDraft, useSendBulkEmail, useTestSend } from './api';
import { AudienceFilters } from './audience-filters';
import { DraftsList } from './drafts-list';
import { MessageFrame } from './message-frame';

/** The editor and its toolbar are a chunk of their own, fetched when a composer first shows. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

type RecipientType = 'registered_users' | 'mailing_list';

/** Each audience keeps the wording of the page it sits on. */
const copy = {
  registered_users: {
    Heading: 'h3',
    heading: 'Send Bulk Email',
    intro: 'To the drivers and co-drivers of every registered team. Messages about the rally reach them whatever their newsletter choice.',
    box: 'rounded-xl border border-slate-200',
    missing: 'Please provide both subject and content',
    submit: 'Send Bulk Email',
    confirmTitle: 'Send to registered users?',
    confirm: 'Send Email',
    sent: 'Email Sent Successfully',
    failed: 'Failed to Send Email',
  },
  mailing_list: {
    Heading: 'h2',
    heading: 'Send bulk email',
    intro: 'Every message gets a personal unsubscribe link. Links, headings, lists and images are kept; scripts and styles are removed.',
    box: 'rounded-2xl border border-slate-200 bg-white shadow-sm',
    missing: 'Subject and content are required',
    submit: 'Send Email',
    confirmTitle: 'Send this email?',
    confirm: 'Send',
    sent: 'Emails sent',
    failed: 'Failed to send emails',
  },
} as const;

/** The server's count of who a send would reach, by the same rule and filters the send uses. */
export function audienceCountUrl(recipientType: RecipientType, onlyOptedIn: boolean, filter: ContactFilter = {}) {
  const params = new URLSearchParams({ recipientType, onlyOptedIn: String(onlyOptedIn) });
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  return `/api/admin/bulk-mail/audience-count?${params.toString()}`;
}

const emptyMessage = { subject: '', html: '', filter: {} as ContactFilter, onlyOptedIn: true };

/**
 * The bulk e-mail composer: subject, a rich-text message with merge fields, the audience from the
 * contact list's filters with the server's live count, a preview for a chosen recipient and a test
 * to the organiser (both rendered by the server like the real send), drafts, and the send itself
 * after a confirmation. The same composer serves /admin (this year's teams) and the mailing list.
 */
export function EmailComposer({ recipientType, contactYears = [] }: { recipientType: RecipientType; contactYears?: number[] }) {
  const c = copy[recipientType];
  const [draftId, setDraftId] = useState<number | null>(null);
  const [message, setMessage] = useState(emptyMessage);
  const [htmlMode, setHtmlMode] = useState(false);
  const [preview, setPreview] = useState<ComposePreviewAnswer | null>(null);
  const [toConfirm, setToConfirm] = useState<BulkEmailInput | null>(null);
  // Opening a draft mounts a fresh editor with its content.
  const [editorKey, setEditorKey] = useState(0);
  const { subject, html, filter, onlyOptedIn } = message;
  const ids = (name: string) => `${recipientType}-${name}`;

  const count = useAudienceCount(audienceCountUrl(recipientType, onlyOptedIn, filter));
  const recipients = count.data?.count;
  const send = useSendBulkEmail();
  const save = useSaveDraft();
  const removeDraft = useDeleteDraft();
  const previewer = usePreview();
  const tester = useTestSend();

  const change = (patch: Partial<typeof message>) => {
    setMessage((m) => ({ ...m, ...patch }));
    setPreview(null);
  };
  const input = (): BulkEmailInput => ({ subject, htmlContent: html, recipientType, onlyOptedIn, audience: filter });
  const complete = () => {
    if (bulkEmailSchema.safeParse(input()).success && html.trim()) return true;
    toast({ title: 'Validation error', description: c.missing, variant: 'destructive' });
    return false;
  };
  const fail = (title: string) => (e: unknown) =>
    toast({ title, description: errorMessage(e, 'Please try again.'), variant: 'destructive' });

  const showPreview = (recipientEmail?: string) =>
    complete() && previewer.mutate({ ...input(), recipientEmail }, { onSuccess: setPreview, onError: fail('Preview failed') });
  const sendTest = () =>
    complete() &&
    tester.mutate(
      { ...input(), recipientEmail: preview?.recipient?.email },
      { onSuccess: (r) => toast({ title: 'Test email sent', description: r.message }), onError: fail('Test email not sent') },
    );
  const saveDraft = () =>
    save.mutate(
      { id: draftId, ...input() },
      {
        onSuccess: (d) => {
          setDraftId(d.id);
          toast({ title: 'Draft saved', description: d.subject || 'Untitled draft' });
        },
        onError: fail('Draft not saved'),
      },
    );
  const open = (d: EmailDraft) => {
    setDraftId(d.id);
    setMessage({ subject: d.subject, html: d.htmlContent, filter: d.audience, onlyOptedIn: d.onlyOptedIn });
    setPreview(null);
    setEditorKey((k) => k + 1);
  };
  const startNew = () => {
    setDraftId(null);
    setMessage(emptyMessage);
    setPreview(null);
    setEditorKey((k) => k + 1);
  };

  const go = () =>
    toConfirm &&
    send.mutate(toConfirm, {
      onSuccess: (r) => {
        setToConfirm(null);
        // Sent: the draft has become a send in the history.
        if (draftId !== null) removeDraft.mutate(draftId);
        startNew();
        void count.refetch();
        toast({ title: c.sent, description: r.message });
      },
      onError: (err) => {
        setToConfirm(null);
        fail(c.failed)(err);
      },
    });

  return (
    <section aria-labelledby={ids('heading')} className={cn('flex flex-col gap-4 p-4 sm:p-5', c.box)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <c.Heading id={ids('heading')} className="flex items-center gap-2 text-lg font-bold text-navy-900">
            <Send className="h-4 w-4 text-gold-600" aria-hidden /> {c.heading}
          </c.Heading>
          <p className="mt-1 text-sm text-slate-600">{c.intro}</p>
        </div>
        {(draftId !== null || subject || html) && (
          <Button size="sm" variant="ghost" onClick={startNew}>
            <SquarePen className="h-4 w-4" aria-hidden /> New message
          </Button>
        )}
      </div>

      <DraftsList recipientType={recipientType} openId={draftId} onOpen={open} onDeleted={(id) => id === draftId && setDraftId(null)} />

      <div>
        <Label htmlFor={ids('subject')}>Subject</Label>
        <Input id={ids('subject')} maxLength={200} value={subject} onChange={(e) => change({ subject: e.target.value })} />
      </div>
      <div>
        <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={htmlMode ? ids('html') : ids('content')} className="mb-0">
            {htmlMode ? 'Content (HTML)' : 'Message'}
          </Label>
          <label className="flex items-center gap-2 text-xs text-slate-600">
            <input
              type="checkbox"
              checked={htmlMode}
              onChange={(e) => {
                setHtmlMode(e.target.checked);
                setEditorKey((k) => k + 1);
              }}
              className="h-4 w-4 accent-navy-700"
            />
            Edit as HTML
          </label>
        </div>
        {htmlMode ? (
          <Textarea
            id={ids('html')}
            rows={10}
            className="font-mono text-sm"
            value={html}
            onChange={(e) => change({ html: e.target.value })}
            aria-describedby={ids('help')}
          />
        ) : (
          <Suspense
            fallback={
              <div className="h-56 animate-pulse rounded-lg bg-slate-100" aria-busy="true">
                <span className="sr-only">Loading the editor...</span>
              </div>
            }
          >
            <RichTextEditor key={editorKey} id={ids('content')} value={html} onChange={(v) => change({ html: v })} />
          </Suspense>
        )}
        <p id={ids('help')} className="mt-1 text-xs text-slate-500">
          {'{{firstName}}'} and {'{{teamName}}'} are filled in for each person (left empty where unknown).
        </p>
      </div>

      {recipientType === 'mailing_list' && (
        <AudienceFilters
          filter={filter}
          onlyOptedIn={onlyOptedIn}
          onChange={(patch) => change(patch)}
          idPrefix={ids('audience')}
          years={contactYears}
        />
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {count.isError ? (
          'The recipients could not be counted.'
        ) : recipients === undefined ? (
          'Counting recipients...'
        ) : (
          <>
            This email will be sent to <strong className="tabular-nums">{recipients}</strong> recipient{recipients === 1 ? '' : 's'}.
          </>
        )}
      </p>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => showPreview()} disabled={previewer.isPending}>
          <Eye className="h-4 w-4" aria-hidden /> {previewer.isPending ? 'Rendering...' : 'Preview'}
        </Button>
        <Button variant="outline" onClick={sendTest} disabled={tester.isPending}>
          <FlaskConical className="h-4 w-4" aria-hidden /> {tester.isPending ? 'Sending test...' : 'Send test to me'}
        </Button>
        <Button variant="outline" onClick={saveDraft} disabled={save.isPending || (!subject.trim() && !html.trim())}>
          <Save className="h-4 w-4" aria-hidden /> {save.isPending ? 'Saving...' : draftId === null ? 'Save draft' : 'Update draft'}
        </Button>
        <Button
          variant="secondary"
          className="sm:ml-auto"
          disabled={!subject.trim() || !html.trim() || send.isPending}
          onClick={() => complete() && setToConfirm(input())}
        >
          <Send className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : c.submit}
        </Button>
      </div>

      {preview && (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3" aria-label="Preview">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-56 flex-1">
              <Label htmlFor={ids('preview-for')}>Preview for</Label>
              {preview.recipients.length ? (
                <select
                  id={ids('preview-for')}
                  className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
                  value={preview.recipient?.email ?? ''}
                  onChange={(e) => showPreview(e.target.value)}
                >
                  {preview.recipients.map((r) => (
                    <option key={r.email} value={r.email}>
                      {r.name ? `${r.name} <${r.email}>` : r.email}
                    </option>
                  ))}
                </select>
              ) : (
                <p className="text-sm text-slate-600">Nobody is in this audience yet; the merge fields are shown empty.</p>
              )}
            </div>
            <Button size="sm" variant="ghost" onClick={() => setPreview(null)}>
              Close preview
            </Button>
          </div>
          <p className="text-sm">
            <span className="font-semibold text-navy-900">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <MessageFrame title="Message preview" html={preview.html} />
          <details className="text-sm">
            <summary className="cursor-pointer text-navy-800">Plain-text part</summary>
            <pre className="mt-1 whitespace-pre-wrap rounded-md bg-white p-2 text-xs">{preview.text}</pre>
          </details>
        </div>
      )}

      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(o) => !o && setToConfirm(null)}
        title={c.confirmTitle}
        confirmLabel={send.isPending ? 'Sending...' : c.confirm}
        pending={send.isPending}
        onConfirm={go}
      >
        {recipientType === 'registered_users' && (
          <p>
            <strong>Audience: registered users</strong> (drivers and co-drivers of this year&apos;s teams).
          </p>
        )}
        <p>
          {recipients === undefined ? 'Counting recipients...' : `Are you sure you want to send this email to ${recipients} recipients?`}
        </p>
      </ConfirmDialog>
    </section>
  );
}
