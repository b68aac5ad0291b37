import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newRallySchema, type NewRally, type NewRallyData, type PastRally } from '@common/schemas/rallies';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAddRally, useUpdateRally } from './api';

type Values = NewRally;
const fields: { name: FieldPath<Values>; label: string; hint?: string; long?: boolean }[] = [
  { name: 'destination', label: 'Destination' },
  { name: 'title', label: 'Title' },
  { name: 'description', label: 'Description', long: true },
  { name: 'distance', label: 'Distance', hint: 'e.g. 1,421 km' },
  { name: 'duration', label: 'Duration', hint: 'e.g. 22.1h' },
  { name: 'routeId', label: 'Route id', hint: 'The route map to draw: y and a year, e.g. y2018. Its stops are edited under Route.' },
  { name: 'imageUrl', label: 'Cover image', hint: 'A path on this site (/images/...) or a web address.' },
  { name: 'plateImageUrl', label: 'Plate image' },
];

const valuesOf = ({ gallery: _gallery, ...fields }: PastRally): Values => fields;

const blank = (year: number): Values => ({
  year,
  destination: '',
  title: '',
  description: '',
  distance: '',
  duration: '',
  routeId: `y${year}`,
  // The site's own picture until the rally's own are uploaded and named here.
  imageUrl: '/images/hero.webp',
  plateImageUrl: '/images/hero.webp',
});

/** A past rally's facts: a new one (its year typed here) or an existing one (its year fixed). */
export function RallyForm({ rally, nextYear, onDone }: { rally?: PastRally; nextYear?: number; onDone?: () => void }) {
  const id = useId();
  const form = useForm<Values, unknown, NewRallyData>({
    resolver: zodResolver(newRallySchema),
    defaultValues: rally ? valuesOf(rally) : blank(nextYear ?? 2000),
  });
  const add = useAddRally();
  const update = useUpdateRally();
  const pending = add.isPending || update.isPending;
  const errors = form.formState.errors;

  const submit = form.handleSubmit(({ year, ...rest }) => {
    const done = {
      onSuccess: () => {
        toast({ title: rally ? 'Rally saved' : 'Rally added', description: `${year} ${rest.destination} is on the public pages.` });
        if (!rally) form.reset(blank(year + 1));
        onDone?.();
      },
      onError: (err: unknown) =>
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the rally'), variant: 'destructive' }),
    };
    if (rally) update.mutate({ year, fields: rest }, done);
    else add.mutate({ year, ...rest }, done);
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
            {...form.register('year', { valueAsNumber: true })}
            aria-invalid={errors.year ? true : undefined}
          />
          <FieldError message={errors.year?.message} />
        </div>
      )}
      {fields.map(field)}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : rally ? 'Save Rally' : 'Add Rally'}
        </Button>
      </div>
    </form>
  );
}
