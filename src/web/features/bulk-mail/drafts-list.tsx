import { useState } from 'react';
import { FileText, Trash2 } from 'lucide-react';
import type { EmailDraft } from '@common/schemas/bulk-email';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useDeleteDraft, useDrafts } from './api';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The saved drafts for this composer's audience: open one to carry on, or delete it. */
export function DraftsList({
  recipientType,
  openId,
  onOpen,
  onDeleted,
}: {
  recipientType: EmailDraft['recipientType'];
  openId: number | null;
  onOpen: (draft: EmailDraft) => void;
  onDeleted: (id: number) => void;
}) {
  const { data, isLoading, isError } = useDrafts();
  const remove = useDeleteDraft();
  const [toDelete, setToDelete] = useState<EmailDraft | null>(null);
  const drafts = data?.filter((d) => d.recipientType === recipientType) ?? [];

  if (isLoading) return <p className="text-sm text-slate-500">Loading drafts...</p>;
  if (isError) return <p className="text-sm text-rally-600">The drafts could not be loaded.</p>;
  if (!drafts.length) return null;
  return (
    <div>
      <h4 className="text-sm font-semibold text-navy-900">Drafts</h4>
      <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Drafts">
        {drafts.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <FileText className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-navy-900">
              {d.subject || 'Untitled draft'}
              {d.id === openId && <span className="ml-2 text-xs font-normal text-emerald-700">(open)</span>}
            </span>
            <span className="text-xs text-slate-500">Saved {when(d.updatedAt)}</span>
            <Button size="sm" variant="outline" onClick={() => onOpen(d)} aria-label={`Open draft ${d.subject || 'Untitled draft'}`}>
              Open
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setToDelete(d)} aria-label={`Delete draft ${d.subject || 'Untitled draft'}`}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete this draft?"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete draft'}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              onDeleted(toDelete.id);
              setToDelete(null);
              toast({ title: 'Draft deleted' });
            },
            onError: (e) =>
              toast({ title: 'Draft not deleted', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        <p>&ldquo;{toDelete?.subject || 'Untitled draft'}&rdquo; will be gone for good.</p>
      </ConfirmDialog>
    </div>
  );
}
