import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newRallySchema, type NewRally, type NewRallyData, type PastRally } from '@common/schemas/past-rallies';
import { routeIdOf } from '@common/schemas/routes';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useRallySettings } from '../../lib/rally-settings';
import { toast } from '../../lib/toast';
import { useAddRally, useUpdateRally } from './api';
import { CoverImageField } from './cover-image-field';

type Values = NewRally;
const fields: { name: FieldPath<Values>; label: string; hint?: string; long?: boolean }[] = [
  { name: 'destination', label: 'Destination' },
  { name: 'title', label: 'Title' },
  { name: 'description', label: 'Description', long: true },
  { name: 'distance', label: 'Distance', hint: 'e.g. 1,421 km. Left blank, the rally page leaves it out.' },
  { name: 'duration', label: 'Duration', hint: 'e.g. 22.1h. Left blank, the rally page leaves it out.' },
];

const valuesOf = ({ gallery: _gallery, raisedPence: _raised, ...fields }: PastRally): Values => fields;

const blank = (year: number): Values => ({
  year,
  destination: '',
  title: '',
  description: '',
  distance: '',
  duration: '',
  routeId: routeIdOf(year),
  // The site's own picture until the rally's own are uploaded or picked here.
  imageUrl: '/images/hero.webp',
  plateImageUrl: '/images/hero.webp',
});

/**
 * A past rally's facts: a new one (its year typed here, starting at `defaultYear`) or an existing
 * one (its year fixed). The route id is the year's (`y2019`), never typed: the route's stops are
 * kept under the rally's Route.
 */
export function RallyForm({ rally, defaultYear, onDone }: { rally?: PastRally; defaultYear?: number; onDone?: () => void }) {
  const rallySettings = useRallySettings();
  const id = useId();
  const form = useForm<Values, unknown, NewRallyData>({
    resolver: zodResolver(newRallySchema),
    defaultValues: rally ? valuesOf(rally) : blank(defaultYear ?? rallySettings.year - 1),
  });
  const add = useAddRally();
  const update = useUpdateRally();
  const pending = add.isPending || update.isPending;
  const errors = form.formState.errors;
  const routeId = form.watch('routeId');

  // Awaited rather than mutate's callbacks: a rally added changes the year the page offers next,
  // which mounts a new form (its key), and mutate's callbacks would go with this one, toast and all.
  const submit = form.handleSubmit(async ({ year, ...rest }) => {
    try {
      if (rally) await update.mutateAsync({ year, fields: rest });
      else await add.mutateAsync({ year, ...rest });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to save the rally'), variant: 'destructive' });
      return;
    }
    toast({ title: rally ? 'Rally saved' : 'Rally added', description: `${year} ${rest.destination} is on the public pages.` });
    if (!rally) form.reset(blank(defaultYear ?? rallySettings.year - 1));
    onDone?.();
  });

  const field = ({ name, label, hint, long }: (typeof fields)[number]) => {
    const inputId = `${id}-${name}`;
    const error = errors[name]?.message;
    const props = {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined,
      ...form.register(name),
    };
    return (
      <div key={name} className={long ? 'sm:col-span-2' : undefined}>
        <Label htmlFor={inputId}>{label}</Label>
        {long ? <Textarea rows={3} {...props} /> : <Input {...props} />}
        {hint && (
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )}
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={rally ? `${rally.year} rally` : 'New rally'} className="grid gap-4 sm:grid-cols-2">
      {!rally && (
        <div>
          <Label htmlFor={`${id}-year`}>Year</Label>
          <Input
            id={`${id}-year`}
            type="number"
            inputMode="numeric"
            max={rallySettings.year - 1}
            {...form.register('year', {
              valueAsNumber: true,
              // The route id follows the year typed.
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                const typed = Number(e.target.value);
                form.setValue('routeId', Number.isInteger(typed) && typed > 0 ? routeIdOf(typed) : '');
              },
            })}
            aria-invalid={errors.year ? true : undefined}
          />
          <FieldError message={errors.year?.message} />
        </div>
      )}
      <div>
        <span id={`${id}-route-label`} className="mb-1 block text-sm font-medium text-slate-700">
          Route id
        </span>
        <output
          aria-labelledby={`${id}-route-label`}
          className="flex h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-3 text-slate-700"
        >
          {routeId || 'none'}
        </output>
        <p className="mt-1 text-xs text-slate-500">The year's route map; its stops are edited under Route.</p>
      </div>
      {fields.map(field)}
      <CoverImageField
        value={form.watch('imageUrl')}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
        gallery={rally?.gallery ?? []}
        error={errors.imageUrl?.message}
        inputProps={form.register('imageUrl')}
      />
      {field({ name: 'plateImageUrl', label: 'Plate image' })}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : rally ? 'Save Rally' : 'Add Rally'}
        </Button>
      </div>
    </form>
  );
}
