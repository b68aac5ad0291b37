import { useState } from 'react';
import type { ImportOutcome } from '@common/schemas/historic';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useApplyImport, useCancelImport, type ImportAnswer, type ImportPreview } from './api';
import { ImportRowsTable, OutcomeCounts, OutcomeList } from './import-outcome-list';

/**
 * What the file would do, before anything changes: the counts, every row by outcome, the changed
 * addresses, each applied only when ticked (or all with "Apply these changes too"), and the rows
 * that match no rally record, added as contacts only when "Add them as contacts" is ticked.
 */
export function ImportPreviewPanel({ preview, onDone }: { preview: ImportPreview; onDone: (answer: ImportAnswer | null) => void }) {
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [allChanges, setAllChanges] = useState(false);
  const [addUnmatched, setAddUnmatched] = useState(false);
  const apply = useApplyImport();
  const cancel = useCancelImport();
  const changed = preview.rows.filter((r) => r.outcome === 'changed');
  const unmatched = preview.rows.filter((r) => r.outcome === 'unmatched');
  const rowsOf = (o: ImportOutcome) => preview.rows.filter((r) => r.outcome === o);

  const toggle = (line: number) => {
    const next = new Set(ticked);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    setTicked(next);
  };

  const onApply = () =>
    apply.mutate(
      { planId: preview.planId, confirmLines: [...ticked], applyAllChanges: allChanges, addUnmatched },
      {
        onSuccess: (answer) => {
          toast({ title: 'Import applied', description: answer.message });
          onDone(answer);
        },
        onError: (err) =>
          toast({ title: 'Import not applied', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
      },
    );

  const onCancel = () => {
    // The plan is dropped on the server; nothing was changed whatever its answer.
    cancel.mutate(preview.planId);
    toast({ title: 'Import cancelled', description: 'Nothing was changed' });
    onDone(null);
  };

  return (
    <section aria-labelledby="import-preview-title" className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <h3 id="import-preview-title" className="font-bold text-navy-900">
        Preview of {preview.fileName}
      </h3>
      <p className="mt-1">Nothing has been changed yet. Check what the import would do, then apply or cancel it.</p>
      <OutcomeCounts counts={preview.counts} testId="import-count" />

      {changed.length > 0 && (
        <fieldset className="mt-4 rounded-md border border-gold-400 p-3">
          <legend className="px-1 font-semibold text-navy-900">Changed addresses: applied only if you confirm them</legend>
          <ul className="space-y-1">
            {changed.map((r) => (
              <li key={r.line}>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={allChanges || ticked.has(r.line)}
                    disabled={allChanges}
                    onChange={() => toggle(r.line)}
                  />
                  <span>
                    Line {r.line}: {r.firstName} {r.lastName} ({r.year}): {r.previousEmail} to {r.email}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input type="checkbox" checked={allChanges} onChange={(e) => setAllChanges(e.target.checked)} />
            Apply these changes too
          </label>
        </fieldset>
      )}

      {unmatched.length > 0 && (
        <fieldset className="mt-4 rounded-md border border-navy-200 p-3">
          <legend className="px-1 font-semibold text-navy-900">Not matched to a rally record ({unmatched.length})</legend>
          <p>
            These people are in no rally&apos;s records. They can be added to the contact list with the consent the file gives (no consent
            column, or an empty cell, means not asked); otherwise they are left out.
          </p>
          <ImportRowsTable rows={unmatched} />
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input type="checkbox" checked={addUnmatched} onChange={(e) => setAddUnmatched(e.target.checked)} />
            Add them as contacts
          </label>
        </fieldset>
      )}

      <OutcomeList title="Created" rows={rowsOf('created')} />
      <OutcomeList title="Updated" rows={rowsOf('updated')} />
      <OutcomeList title="Unchanged" rows={rowsOf('unchanged')} />
      <OutcomeList title="Skipped" rows={rowsOf('skipped')} />

      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={onApply} disabled={apply.isPending}>
          {apply.isPending ? 'Applying...' : 'Apply import'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={apply.isPending}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
