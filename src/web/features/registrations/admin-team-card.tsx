import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Car, Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { passportStatus } from '@common/admin-signup';
import type { AdminTeam, SensitiveValues } from '@common/schemas/registrations';
import { formatPence } from '@common/money';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { CarImageUpload } from '../../components/car-image-upload';
import { useDeleteTeam, useRevealSensitive } from './api';
import { registrationsKeys } from '../../query-keys/registrations';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TeamDetails } from './team-details';
import { TeamEditForm } from './team-edit-form';
import { EntryStatusPanel } from './entry-status-panel';
import type { RegistrationsParts } from './parts';

/** One registration: view or edit (save or cancel returns to view), delete after a confirmation. */
export function AdminTeamCard({ signup, parts }: { signup: AdminTeam; parts: RegistrationsParts }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteTeam(signup.id);
  const reveal = useRevealSensitive(signup.id);
  const queryClient = useQueryClient();
  // Passports, medical and dietary data as revealed (and audited) for this card only; masked otherwise.
  const [revealed, setRevealed] = useState<SensitiveValues | null>(null);
  const status = passportStatus(signup);
  const shown = revealed ? { ...signup, ...revealed } : signup;

  const toggleReveal = () => {
    if (revealed) return setRevealed(null);
    reveal.mutate(undefined, {
      onSuccess: setRevealed,
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to reveal the data'), variant: 'destructive' }),
    });
  };

  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast({ title: 'Deleted!', description: `${signup.teamName} has been removed.` });
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete signup'), variant: 'destructive' }),
    });

  return (
    <Card className="overflow-hidden" aria-labelledby={`signup-${signup.id}-title`} role="article">
      <div className="flex flex-col gap-4 border-b border-slate-100 p-4 sm:flex-row sm:items-start sm:p-5">
        <div className="h-20 w-28 shrink-0 overflow-hidden rounded-lg bg-navy-100">
          {signup.carImageUrl ? (
            <img src={signup.carImageUrl} alt={`${signup.teamName}'s car`} className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <div className="flex h-full items-center justify-center text-navy-300">
              <Car className="h-8 w-8 text-navy-600/40" aria-hidden />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h3 id={`signup-${signup.id}-title`} className="truncate text-lg font-bold text-navy-900">
            {signup.teamName}
          </h3>
          <p className="text-sm text-slate-600">
            {signup.driverFirstName} {signup.driverLastName}
            {signup.coDriverFirstName ? ` & ${signup.coDriverFirstName} ${signup.coDriverLastName ?? ''}` : ''} · {signup.rallyYear} ·{' '}
            {formatPence(signup.donationTotal)} raised
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-slate-500">Passports:</span>
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${status === 'Complete' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}
            >
              {status}
            </span>
          </div>
        </div>
        {!editing && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              onClick={toggleReveal}
              disabled={reveal.isPending}
              aria-pressed={Boolean(revealed)}
              aria-label={`${revealed ? 'Hide' : 'Reveal'} passport and medical data of ${signup.teamName}`}
            >
              {revealed ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}{' '}
              {revealed ? 'Hide' : reveal.isPending ? 'Revealing...' : 'Reveal'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${signup.teamName}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <CarImageUpload
              signupId={signup.id}
              label="Car Image"
              onUploaded={() => void queryClient.invalidateQueries({ queryKey: registrationsKeys.signups })}
            />
            <Button
              variant="outline"
              size="sm"
              className="text-rally-600"
              onClick={() => setConfirmDelete(true)}
              aria-label={`Delete ${signup.teamName}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </div>
        )}
      </div>
      <div className="p-4 sm:p-5">
        {editing ? (
          <TeamEditForm
            signup={shown}
            sensitiveShown={Boolean(revealed)}
            onDone={() => {
              setEditing(false);
              setRevealed(null);
            }}
          />
        ) : (
          <>
            <parts.PageCheck signupId={signup.id} teamName={signup.teamName} url={signup.justGivingUrl} />
            <TeamDetails s={shown} />
            <EntryStatusPanel signup={signup} parts={parts} />
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${signup.teamName}?`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={doDelete}
      >
        <p>
          This removes the registration and its {signup.donationCount} {signup.donationCount === 1 ? 'donation' : 'donations'} (
          {formatPence(signup.donationTotal)}). It cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
