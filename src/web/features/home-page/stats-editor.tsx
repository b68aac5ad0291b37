import { poundsBox } from '@common/money';
import { useEffect, useId, useState } from 'react';
import { statSettingsSchema, type StatAdmin, type StatTileKey } from '@common/schemas/home-page';
import { statTileLabels } from '@common/rally-stats';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSaveStats, useStatAdmin } from './api';

type Draft = { historicFunds: string; throughYear: string; overrides: Record<StatTileKey, string> };

const draftOf = (s: StatAdmin): Draft => ({
  historicFunds: poundsBox(s.historicFundsPence),
  throughYear: String(s.historicFundsThroughYear),
  overrides: {
    rallies: s.overrides.rallies ?? '',
    ralliers: s.overrides.ralliers ?? '',
    kilometres: s.overrides.kilometres ?? '',
    funds: s.overrides.funds ?? '',
  },
});

/** What each tile counts, so an organiser knows what a blank override shows. */
const explanations: Record<StatTileKey, string> = {
  rallies: 'the rallies in the Rally History',
  ralliers: 'the different drivers and co-drivers in the historic participants database',
  kilometres: "the rallies' distances added up",
  funds: 'the funds raised before the ledger plus donations to later seasons’ teams, rounded down',
};

/** The Rally in Numbers tiles: each computed figure beside the organisers' override (blank = computed). */
export function StatsEditor() {
  const id = useId();
  const { data, isError } = useStatAdmin();
  const save = useSaveStats();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);

  if (isError) return <p className="text-rally-600">The figures could not be loaded. Please reload the page.</p>;
  if (!data || !draft)
    return (
      <div role="status" aria-label="Loading the figures">
        <Skeleton className="h-64 w-full" />
      </div>
    );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const pounds = draft.historicFunds.replace(/[£,\s]/g, '');
    const input = {
      historicFundsPence: pounds === '' || Number.isNaN(Number(pounds)) ? Number.NaN : Math.round(Number(pounds) * 100),
      historicFundsThroughYear: draft.throughYear,
      overrides: draft.overrides,
    };
    const parsed = statSettingsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => toast({ title: 'Figures saved', description: 'The home page shows them now.' }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save the figures'), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Rally in Numbers" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {statTileLabels.map(({ key, label }) => {
          const inputId = `${id}-${key}`;
          const overridden = data.overrides[key] !== null;
          const error = errors[`overrides.${key}`];
          return (
            <div key={key} className="rounded-lg border border-slate-200 p-3">
              <Label htmlFor={inputId}>{label}: override</Label>
              <Input
                id={inputId}
                value={draft.overrides[key]}
                placeholder={data.computed[key]}
                aria-describedby={`${inputId}-hint`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setDraft({ ...draft, overrides: { ...draft.overrides, [key]: e.target.value } })}
              />
              <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
                {overridden
                  ? `Showing ${data.shown[key]}${data.shown[key] !== data.overrides[key] ? ' (the override plus the rallies published after its year)' : ''}; computed: ${data.computed[key]}.`
                  : `Showing the computed ${data.computed[key]}.`}{' '}
                Computed from {explanations[key]}; leave blank to show it.
              </p>
              <FieldError message={error} />
            </div>
          );
        })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-funds`}>Funds raised before the ledger (£)</Label>
          <Input
            id={`${id}-funds`}
            inputMode="decimal"
            value={draft.historicFunds}
            aria-invalid={errors.historicFundsPence ? true : undefined}
            onChange={(e) => setDraft({ ...draft, historicFunds: e.target.value })}
          />
          <FieldError message={errors.historicFundsPence && 'Enter the amount in pounds, e.g. 150000'} />
        </div>
        <div>
          <Label htmlFor={`${id}-through`}>…up to and including the rally of</Label>
          <Input
            id={`${id}-through`}
            inputMode="numeric"
            value={draft.throughYear}
            aria-describedby={`${id}-through-hint`}
            aria-invalid={errors.historicFundsThroughYear ? true : undefined}
            onChange={(e) => setDraft({ ...draft, throughYear: e.target.value })}
          />
          <p id={`${id}-through-hint`} className="mt-1 text-xs text-slate-600">
            Donations to the teams of later years are added to this figure, and the ralliers and distance of later rallies whose results are
            published to the overrides above.
          </p>
          <FieldError message={errors.historicFundsThroughYear} />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save figures'}
        </Button>
      </div>
    </form>
  );
}
