import { paymentMethodLabels } from '@common/schemas/donation';
import { useState } from 'react';
import { ExternalLink, HandCoins, Pencil, Trash2 } from 'lucide-react';
import { formatPence } from '@common/money';
import type { MyDonation } from '@common/schemas/my-donation';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useDonationMutations, useMyDonations, type MyTeamView } from './api';
import { DonationForm } from './donation-form';
import { FundraisingSettingsForm } from './fundraising-settings-form';
import { CumulativeChart, weeklyTotals } from '../../components/charts/cumulative-chart';
import { ProgressBar } from '../../components/ui/progress-bar';
import { countedLines, countedTotal, teamTarget } from '@common/fundraising';
import { useRallySettings } from '../../lib/rally-settings';
import { mayChangeTeamRecord, recordedByLine } from '@common/team-records';

const recordedBy: Record<MyDonation['source'], string> = {
  participant: '',
  organiser: 'Recorded by the organisers',
  justgiving: 'From your JustGiving page',
  gocardless: 'Paid by direct debit',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function DeleteDonation({ donation, onDeleted }: { donation: MyDonation; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const { remove } = useDonationMutations();
  const confirm = () =>
    remove.mutate(donation.id, {
      onSuccess: () => {
        setOpen(false);
        onDeleted();
        toast({ title: 'Donation Deleted', description: 'The donation has been removed.' });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete donation'), variant: 'destructive' }),
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Delete this donation?"
      description={`${formatPence(donation.amount)} from ${donation.donorName ?? 'Anonymous'} will be removed from your total.`}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete donation of ${formatPence(donation.amount)} from ${donation.donorName ?? 'Anonymous'}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </Button>
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Donation'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Fundraising and donations: the total, the list with edit and delete, and the donation form. */
export function DonationsPanel({ signup }: { signup: MyTeamView }) {
  const rallySettings = useRallySettings();
  const { data: donations, isLoading } = useMyDonations(true);
  const [editing, setEditing] = useState<MyDonation | null>(null);
  const total = countedTotal(donations ?? []);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <HandCoins className="h-5 w-5 text-gold-500" aria-hidden /> Fundraising &amp; Donations
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-4 rounded-xl bg-navy-50 p-4">
          <div>
            <p className="text-sm text-slate-600">Total recorded</p>
            <p className="text-3xl font-bold text-navy-900 tabular-nums" data-testid="donation-total">
              {formatPence(total)}
            </p>
            <p className="text-sm text-slate-600">
              {donations?.length ?? 0} {donations?.length === 1 ? 'donation' : 'donations'}
            </p>
            {donations?.some((d) => d.source === 'justgiving') && (
              <p className="text-xs text-slate-600">Your JustGiving page total replaces the JustGiving gifts you typed in.</p>
            )}
            {donations ? (
              <ProgressBar
                raised={total}
                target={teamTarget(signup.fundraisingTarget, rallySettings)}
                label="Your fundraising progress"
                className="mt-2 min-w-56"
              />
            ) : (
              <Skeleton className="mt-2 h-8 w-56" />
            )}
          </div>
          {signup.justGivingUrl && (
            <a
              href={signup.justGivingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:underline"
            >
              Your fundraising page <ExternalLink className="h-4 w-4" aria-hidden />
            </a>
          )}
        </div>

        {isLoading ? (
          <Skeleton className="h-24" />
        ) : !donations?.length ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-5 text-center">
            <p className="font-semibold text-navy-900">No Fundraising Yet</p>
            <p className="text-sm text-slate-600">Record the donations your team receives to see your total grow.</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Donations">
            {donations.map((d) => (
              <li key={d.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {formatPence(d.amount)} <span className="font-normal text-slate-600">from {d.donorName ?? 'Anonymous'}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    {paymentMethodLabels[d.paymentMethod]} · {dateFormat.format(new Date(d.createdAt))}
                  </p>
                  {d.message && <p className="mt-1 break-words text-sm italic text-slate-700">&ldquo;{d.message}&rdquo;</p>}
                </div>
                {d.source !== 'participant' ? (
                  // The organisers' record: only they can change it.
                  <p className="shrink-0 text-xs font-medium text-slate-600">{recordedBy[d.source]}</p>
                ) : (
                  <div className="flex shrink-0 flex-wrap items-center gap-1">
                    {/* Who typed it in, when the team has two people to tell apart. */}
                    {(d.recordedBy !== signup.role || signup.role === 'co-driver') && (
                      <p className="text-xs font-medium text-slate-600">{recordedByLine(signup.role, d.recordedBy)}</p>
                    )}
                    {mayChangeTeamRecord(signup.role, d.recordedBy) && (
                      <>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setEditing(d)}
                          aria-label={`Edit donation of ${formatPence(d.amount)} from ${d.donorName ?? 'Anonymous'}`}
                        >
                          <Pencil className="h-4 w-4" aria-hidden /> Edit
                        </Button>
                        <DeleteDonation donation={d} onDeleted={() => editing?.id === d.id && setEditing(null)} />
                      </>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}

        {donations && donations.length > 0 && (
          <section aria-labelledby="my-raised-over-time">
            <h3 id="my-raised-over-time" className="mb-1 text-base font-semibold text-navy-900">
              Money raised over time
            </h3>
            <CumulativeChart points={weeklyTotals(countedLines(donations))} title="Your team's running total by week" />
          </section>
        )}

        {signup.role === 'driver' && <FundraisingSettingsForm signup={signup} />}

        <DonationForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </CardContent>
    </Card>
  );
}
