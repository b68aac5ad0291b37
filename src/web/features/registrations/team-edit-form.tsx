import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AdminTeam } from '@common/schemas/registrations';
import { teamPatchSchema } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useUpdateTeam } from './api';

/** The partial signup rules; past rally years are typed as a list ("2016, 2018"). */
const editSchema = teamPatchSchema.omit({ sponsors: true, rallyYear: true }).extend({
  previousRallyYears: z
    .string()
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number({ error: 'Years are four-digit numbers, e.g. 2016, 2018' }).int().min(2008).max(2100)).max(30)),
});
type EditInput = z.input<typeof editSchema>;
type EditOutput = z.output<typeof editSchema>;

type TextKey = Exclude<keyof EditInput, 'previousRally'>;
const groups: { title: string; fields: [TextKey, string, string?][] }[] = [
  {
    title: 'Team',
    fields: [
      ['teamName', 'Team name'],
      ['justGivingUrl', 'Fundraising page URL', 'url'],
    ],
  },
  {
    title: 'Driver',
    fields: [
      ['driverFirstName', 'First name'],
      ['driverLastName', 'Last name'],
      ['driverEmail', 'Email', 'email'],
      ['driverPhone', 'Phone', 'tel'],
      ['driverAddress', 'Address'],
      ['driverPassport', 'Passport number'],
    ],
  },
  {
    title: 'Co-driver',
    fields: [
      ['coDriverFirstName', 'First name'],
      ['coDriverLastName', 'Last name'],
      ['coDriverEmail', 'Email', 'email'],
      ['coDriverPhone', 'Phone', 'tel'],
      ['coDriverAddress', 'Address'],
      ['coDriverPassport', 'Passport number'],
    ],
  },
  {
    title: 'Vehicle',
    fields: [
      ['carMake', 'Make'],
      ['carModel', 'Model'],
      ['carYear', 'Year', 'number'],
      ['carRegistration', 'Registration'],
    ],
  },
  {
    title: 'Emergency contact',
    fields: [
      ['emergencyContactName', 'Name'],
      ['emergencyContactPhone', 'Phone', 'tel'],
      ['emergencyContactRelationship', 'Relationship'],
    ],
  },
  {
    title: 'Additional information',
    fields: [
      ['previousRallyYears', 'Previous rally years'],
      ['dietaryRequirements', 'Dietary requirements', 'textarea'],
      ['medicalConditions', 'Medical conditions', 'textarea'],
    ],
  },
];

/** A field's message; the past years' messages are on the years typed, one per item. */
function messageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  return Array.isArray(error) ? (error as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message : undefined;
}

const SENSITIVE: TextKey[] = ['driverPassport', 'coDriverPassport', 'dietaryRequirements', 'medicalConditions'];

/** The form's fields: passports, medical and dietary data only once revealed (lists carry them masked). */
const groupsFor = (sensitiveShown: boolean) =>
  groups.map((g) => ({ ...g, fields: g.fields.filter(([k]) => sensitiveShown || !SENSITIVE.includes(k)) }));

function defaults(s: AdminTeam, shownGroups: typeof groups): EditInput {
  const v: Record<string, unknown> = { previousRally: s.previousRally, previousRallyYears: s.previousRallyYears.join(', ') };
  for (const g of shownGroups)
    for (const [k] of g.fields) if (k !== 'previousRallyYears') v[k] = (s[k as keyof AdminTeam] as string | number | null) ?? '';
  return v as EditInput;
}

/**
 * The card's edit state: save or cancel both return to the view. Without a reveal, the sensitive
 * fields are not in the form, so saving leaves them as they are.
 */
export function TeamEditForm({ signup, sensitiveShown, onDone }: { signup: AdminTeam; sensitiveShown: boolean; onDone: () => void }) {
  const update = useUpdateTeam(signup.id);
  const shownGroups = groupsFor(sensitiveShown);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditInput, unknown, EditOutput>({ resolver: zodResolver(editSchema), defaultValues: defaults(signup, shownGroups) });
  const fieldId = (k: string) => `edit-${signup.id}-${k}`;

  const save = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Updated!', description: `${values.teamName ?? signup.teamName} has been saved.` });
        onDone();
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update signup'), variant: 'destructive' }),
    }),
  );

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      {!sensitiveShown && (
        <p className="text-sm text-slate-600">
          Passport, medical and dietary details are not in this form: use Reveal first to change them.
        </p>
      )}
      {shownGroups.map((g) => (
        <fieldset key={g.title} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-bold uppercase tracking-wide text-navy-700">{g.title}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {g.fields.map(([k, label, type]) => (
              <div key={k} className={type === 'textarea' ? 'sm:col-span-2' : undefined}>
                <Label htmlFor={fieldId(k)}>{label}</Label>
                {type === 'textarea' ? (
                  <Textarea id={fieldId(k)} rows={2} aria-invalid={Boolean(errors[k])} {...register(k)} />
                ) : (
                  <Input
                    id={fieldId(k)}
                    type={type ?? 'text'}
                    aria-invalid={Boolean(errors[k])}
                    aria-describedby={errors[k] ? `${fieldId(k)}-error` : undefined}
                    {...register(k)}
                  />
                )}
                <FieldError id={`${fieldId(k)}-error`} message={messageOf(errors[k])} />
              </div>
            ))}
            {g.title === 'Additional information' && (
              <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <input type="checkbox" className="h-4 w-4 accent-navy-800" {...register('previousRally')} /> Previous rally participant
              </label>
            )}
          </div>
        </fieldset>
      ))}
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
