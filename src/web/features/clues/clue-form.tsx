import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { towns } from '@common/gazetteer';
import { zonePlaceName } from '@common/rally-time';
import { clueFieldsSchema, type AdminClue } from '@common/schemas/clues';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useRallyTimeZone } from '../../lib/rally-settings';
import { toast } from '../../lib/toast';
import { useAddClue, useUpdateClue } from './api';
import { clueToFormValues, formValuesToClue, type ClueFormValues } from './clue-form-values';

type Field = keyof ClueFormValues | `hints.${number}.text` | `hints.${number}.cost`;

/** The form field an issue of the shared schema belongs to (the place's coordinates are two inputs). */
function fieldOf(path: PropertyKey[]): Field {
  const [head, second, third] = path.map(String);
  if (head === 'place') return second === 'name' ? 'placeName' : third === '0' ? 'longitude' : 'latitude';
  if (head === 'hints' && second === undefined) return 'hints';
  if (head === 'hints') return `hints.${Number(second)}.${third === 'cost' ? 'cost' : 'text'}`;
  return head as Field;
}

const townByName = (name: string) => towns.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());

/**
 * One clue: a new one for a rally day, or an existing one to change. The place is a town from the
 * built-in gazetteer (its coordinates filled in) or any latitude and longitude.
 */
export function ClueForm({ clue, day, days, onDone }: { clue?: AdminClue; day: number; days: number[]; onDone?: () => void }) {
  const id = useId();
  // Release times are typed and shown in the rally's zone, whatever the organiser's browser says.
  const timeZone = useRallyTimeZone();
  const form = useForm<ClueFormValues>({ defaultValues: clueToFormValues(clue, day, timeZone) });
  const hints = useFieldArray({ control: form.control, name: 'hints' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useAddClue();
  const update = useUpdateClue();
  const pending = add.isPending || update.isPending;
  const kind = form.watch('answerKind');

  const submit = form.handleSubmit((values) => {
    const parsed = clueFieldsSchema.safeParse(formValuesToClue(values, timeZone));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    const fields = formValuesToClue(values, timeZone);
    const done = {
      onSuccess: () => {
        toast({ title: clue ? 'Clue saved' : 'Clue added', description: `Day ${fields.day}: ${fields.title}` });
        if (!clue) form.reset(clueToFormValues(undefined, day, timeZone));
        onDone?.();
      },
      onError: (err: unknown) =>
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the clue'), variant: 'destructive' }),
    };
    if (clue) update.mutate({ id: clue.id, fields }, done);
    else add.mutate(fields, done);
  });

  const fillTown = (name: string) => {
    const town = townByName(name);
    if (!town) return;
    form.setValue('placeName', town.name);
    form.setValue('longitude', String(town.coordinates[0]));
    form.setValue('latitude', String(town.coordinates[1]));
  };

  const input = (name: Exclude<Field, 'hints'>, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
        {...form.register(name)}
      />
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={clue ? `Clue ${clue.title}` : `New clue for day ${day}`}
      className="grid gap-3 sm:grid-cols-2"
    >
      <div>
        <Label htmlFor={`${id}-day`}>Day</Label>
        <select id={`${id}-day`} className="h-11 w-full rounded-md border border-slate-300 px-3" {...form.register('day')}>
          {days.map((d) => (
            <option key={d} value={d}>
              Day {d}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-day-error`} message={errors.day} />
      </div>
      {input('releaseAt', `Released at (${zonePlaceName(timeZone)})`, { type: 'datetime-local' })}
      <div className="sm:col-span-2">{input('title', 'Title')}</div>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-body`}>Clue text</Label>
        <Textarea
          id={`${id}-body`}
          rows={3}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
          {...form.register('body')}
        />
        <FieldError id={`${id}-body-error`} message={errors.body} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-placeName`}>Place (a town from the list, or any name with its coordinates)</Label>
        <Input
          id={`${id}-placeName`}
          list={`${id}-towns`}
          {...form.register('placeName', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => fillTown(e.target.value) })}
        />
        <datalist id={`${id}-towns`}>
          {towns.map((t) => (
            <option key={`${t.name}-${t.country}`} value={t.name}>
              {t.country}
            </option>
          ))}
        </datalist>
        <FieldError id={`${id}-placeName-error`} message={errors.placeName} />
      </div>
      {input('latitude', 'Latitude', { inputMode: 'decimal' })}
      {input('longitude', 'Longitude', { inputMode: 'decimal' })}
      {input('radiusMetres', 'Radius (metres)', { inputMode: 'numeric' })}
      {input('points', 'Points', { inputMode: 'numeric' })}
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">Answered with</legend>
        <div className="flex flex-wrap gap-4">
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="text" {...form.register('answerKind')} /> Text
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="photo" {...form.register('answerKind')} /> A photo an organiser approves
          </label>
        </div>
      </fieldset>
      {kind === 'text' && (
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-acceptedAnswers`}>Accepted answers (one a line; case, spaces and accents are ignored)</Label>
          <Textarea
            id={`${id}-acceptedAnswers`}
            rows={3}
            aria-invalid={errors.acceptedAnswers ? true : undefined}
            aria-describedby={errors.acceptedAnswers ? `${id}-acceptedAnswers-error` : undefined}
            {...form.register('acceptedAnswers')}
          />
          <FieldError id={`${id}-acceptedAnswers-error`} message={errors.acceptedAnswers} />
        </div>
      )}
      <fieldset className="space-y-2 sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">Hints (each costs the team its points)</legend>
        {hints.fields.map((hint, i) => (
          <div key={hint.id} className="grid gap-2 sm:grid-cols-3 sm:items-end">
            {input(`hints.${i}.text`, `Hint ${i + 1}`)}
            {input(`hints.${i}.cost`, `Hint ${i + 1} cost`, { inputMode: 'numeric' })}
            <Button type="button" variant="outline" size="sm" onClick={() => hints.remove(i)}>
              Remove hint {i + 1}
            </Button>
          </div>
        ))}
        <FieldError id={`${id}-hints-error`} message={errors.hints} />
        {hints.fields.length < 5 && (
          <Button type="button" variant="outline" size="sm" onClick={() => hints.append({ text: '', cost: '5' })}>
            Add a hint
          </Button>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onDone && clue && (
          <Button type="button" variant="outline" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : clue ? 'Save clue' : 'Add clue'}
        </Button>
      </div>
    </form>
  );
}
