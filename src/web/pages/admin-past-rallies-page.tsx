import { useState } from 'react';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { Button } from '../components/ui/button';
import { Card, Skeleton } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { errorMessage } from '../lib/error-message';
import { usePastRallies } from '../lib/past-rallies';
import { toast } from '../lib/toast';
import { useDeleteRally } from '../features/past-rallies/api';
import { GalleryEditor } from '../features/past-rallies/gallery-editor';
import { RallyForm } from '../features/past-rallies/rally-form';
import { RouteEditor } from '../features/route-maps/route-editor';
import type { PastRally } from '@common/schemas/past-rallies';
import { pastRallyYearToAdd } from '@common/past-rally-year';
import { useRallySettings } from '../lib/rally-settings';

function RallyCard({ rally }: { rally: PastRally }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRally();
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-navy-900">
          {rally.year} · {rally.destination}
          <span className="ml-2 text-sm font-normal text-slate-600">
            {rally.title}, {rally.gallery.length} {rally.gallery.length === 1 ? 'photo' : 'photos'}
          </span>
        </h2>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Close' : `Edit ${rally.year}`}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      {open && (
        <div className="mt-4 space-y-6 border-t border-slate-100 pt-4">
          <RallyForm rally={rally} />
          <section aria-label={`${rally.year} route map`}>
            <h3 className="mb-2 text-base font-semibold text-navy-900">Route</h3>
            <RouteEditor year={rally.year} />
          </section>
          <section aria-label={`${rally.year} gallery`}>
            <h3 className="mb-2 text-base font-semibold text-navy-900">Gallery</h3>
            <GalleryEditor rally={rally} />
          </section>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the ${rally.year} rally?`}
        confirmLabel="Delete rally"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(rally.year, {
            onSuccess: () => setConfirming(false),
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the rally'), variant: 'destructive' }),
          })
        }
      >
        <p>
          Its page, its place in the carousel and menus, and its {rally.gallery.length} gallery photos go at once. Its historic ralliers
          stay in the database.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

/** /admin/past-rallies: the past rallies the public pages show, and their galleries. */
export default function AdminPastRalliesPage() {
  const rallySettings = useRallySettings();
  const { data, isError } = usePastRallies();
  const newestFirst = data ? [...data].sort((a, b) => b.year - a.year) : null;
  const yearToAdd = data
    ? pastRallyYearToAdd(
        rallySettings.year,
        data.map((r) => r.year),
      )
    : null;
  return (
    <AdminSubPage
      title="Rally History"
      intro="The past rallies on the home page, their own pages and the Previous Rallies menu, with their photo galleries."
    >
      <div className="space-y-4">
        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 text-lg font-bold text-navy-900">Add a rally</h2>
          {/* Keyed by the year it starts at, so the form starts again once the list has loaded or changed. */}
          {yearToAdd === null ? <Skeleton className="h-64 w-full" /> : <RallyForm defaultYear={yearToAdd} key={yearToAdd} />}
        </Card>
        {isError && <p className="text-rally-600">The rallies could not be loaded. Please reload the page.</p>}
        {!newestFirst && !isError && (
          <div role="status" aria-label="Loading the rallies" className="space-y-3">
            {[1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        )}
        {newestFirst?.map((r) => (
          <RallyCard key={r.year} rally={r} />
        ))}
      </div>
    </AdminSubPage>
  );
}
