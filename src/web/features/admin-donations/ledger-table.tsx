import { paymentMethodLabels } from '@common/schemas/donation';
import { useState } from 'react';
import { BadgeCheck, Pencil, Trash2 } from 'lucide-react';
import { formatPence } from '@common/money';
import { sourceLabels, stateLabels, type LedgerDonation } from '@common/schemas/ledger';
import { Button } from '../../components/ui/button';
import { AdminTable, type AdminColumn } from '../../components/admin-table';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useLedgerMutations } from './api';
import { CorrectDonationDialog } from './correct-donation-dialog';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const describe = (d: LedgerDonation) => `${formatPence(d.amount)} from ${d.donorName ?? 'Anonymous'} for ${d.teamName}`;

/** One row per donation with its provenance, and the organiser's actions on it. */
export function LedgerTable({ items }: { items: LedgerDonation[] }) {
  const [editing, setEditing] = useState<LedgerDonation | null>(null);
  const [deleting, setDeleting] = useState<LedgerDonation | null>(null);
  const { verify, remove } = useLedgerMutations();

  const doVerify = (d: LedgerDonation) =>
    verify.mutate(d.id, {
      onSuccess: () => toast({ title: 'Verified', description: `${describe(d)} is verified.` }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update donation'), variant: 'destructive' }),
    });
  const doDelete = (d: LedgerDonation) =>
    remove.mutate(d.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Donation Deleted', description: `${describe(d)} was removed.` });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete donation'), variant: 'destructive' }),
    });

  const columns: AdminColumn<LedgerDonation>[] = [
    { key: 'date', header: 'Date', cellClassName: 'whitespace-nowrap text-slate-600', cell: (d) => day.format(new Date(d.createdAt)) },
    { key: 'team', header: 'Team', cellClassName: 'font-medium text-navy-900', cell: (d) => d.teamName },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cellClassName: 'font-semibold tabular-nums',
      cell: (d) => (
        <>
          {formatPence(d.amount)}
          {d.hideAmount && <span className="block text-xs font-normal text-slate-500">hidden publicly</span>}
        </>
      ),
    },
    {
      key: 'donor',
      header: 'Donor',
      cell: (d) => (
        <>
          {d.donorName ?? 'Anonymous'}
          {d.donorEmail && <span className="block text-xs text-slate-500">{d.donorEmail}</span>}
        </>
      ),
    },
    { key: 'method', header: 'Method', cell: (d) => paymentMethodLabels[d.paymentMethod] },
    { key: 'source', header: 'Source', cell: (d) => sourceLabels[d.source] },
    {
      key: 'state',
      header: 'State',
      cell: (d) => (
        <span
          className={
            d.state === 'verified'
              ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800'
              : 'rounded-full bg-gold-300/40 px-2 py-0.5 text-xs font-semibold text-navy-900'
          }
        >
          {stateLabels[d.state]}
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cellClassName: 'whitespace-nowrap text-right',
      cell: (d) => (
        <>
          {d.state === 'reported' && (
            <Button variant="ghost" size="sm" disabled={verify.isPending} onClick={() => doVerify(d)} aria-label={`Verify ${describe(d)}`}>
              <BadgeCheck className="h-4 w-4" aria-hidden /> Verify
            </Button>
          )}
          {d.source !== 'justgiving' && (
            <Button variant="ghost" size="sm" onClick={() => setEditing(d)} aria-label={`Correct ${describe(d)}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setDeleting(d)} aria-label={`Delete ${describe(d)}`}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      {/* relative: the screen-reader-only heading stays inside the scrolled box instead of widening the page. */}
      <AdminTable
        className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white"
        label="Donations"
        head="plain"
        cellClassName="px-3 py-2"
        tableClassName="min-w-[56rem]"
        columns={columns}
        rows={items}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'aria-label': describe(d) })}
      />
      {editing && <CorrectDonationDialog key={editing.id} donation={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this donation?"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete Donation'}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && doDelete(deleting)}
      >
        <p>{deleting && describe(deleting)} will be removed from the team&apos;s total. The audit log keeps a copy.</p>
      </ConfirmDialog>
    </>
  );
}
