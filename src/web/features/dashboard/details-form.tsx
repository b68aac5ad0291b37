import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { coDriverPatchSchema, myTeamPatchSchema } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { EmergencyContactFields, MedicalFields } from '../../components/forms/health-fields';
import { PersonFields } from '../../components/forms/person-fields';
import { VehicleFields } from '../../components/forms/vehicle-fields';
import { FundraisingPageField } from '../../components/forms/fundraising-page-field';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useUpdateMyTeam, type MyTeamView } from './api';
import { PreviousRallyYears } from '../../components/ui/previous-rally-years';

export type DetailsInput = z.input<typeof myTeamPatchSchema>;
type DetailsOutput = z.output<typeof myTeamPatchSchema>;

const text = (v: string | null | undefined) => v ?? '';

/**
 * Once the co-driver has joined, their phone, address and passport are theirs: the server leaves
 * them out of the driver's view and refuses the driver's changes to them, so the driver's form
 * neither shows nor sends them (a blank field would otherwise be sent as a change).
 */
const coDriverKeepsOwnDetails = (s: MyTeamView) => s.role === 'driver' && s.coDriverStatus === 'joined';

/** The form starts afresh when the co-driver joins (or leaves), so it never holds fields it no longer shows. */
export const detailsFormKey = (s: MyTeamView) => `${s.id}-${s.role}-${coDriverKeepsOwnDetails(s) ? 'joined' : 'open'}`;

function toFormValues(s: MyTeamView): DetailsInput {
  const coDriverName = { coDriverFirstName: text(s.coDriverFirstName), coDriverLastName: text(s.coDriverLastName) };
  const coDriverDetails = { coDriverPhone: text(s.coDriverPhone), coDriverAddress: text(s.coDriverAddress), coDriverPassport: '' };
  // A co-driver's form holds only what they may change (the server refuses the rest).
  if (s.role === 'co-driver') return { ...coDriverName, ...coDriverDetails };
  return {
    teamName: s.teamName,
    driverPhone: s.driverPhone,
    driverAddress: s.driverAddress,
    driverPassport: '',
    ...coDriverName,
    // Left out altogether, not blank: a key in the form's values is a change the save sends.
    ...(coDriverKeepsOwnDetails(s) ? {} : coDriverDetails),
    carMake: text(s.carMake),
    carModel: text(s.carModel),
    carYear: s.carYear ?? '',
    carRegistration: text(s.carRegistration),
    emergencyContactName: s.emergencyContactName,
    emergencyContactPhone: s.emergencyContactPhone,
    emergencyContactRelationship: s.emergencyContactRelationship,
    previousRally: s.previousRally,
    // Checkbox values are strings; the schema turns them back into years.
    previousRallyYears: s.previousRallyYears.map(String),
    dietaryRequirements: text(s.dietaryRequirements),
    medicalConditions: text(s.medicalConditions),
    justGivingUrl: text(s.justGivingUrl),
  };
}

/** Passports are written, never read back: the form shows what is on file, masked. */
const passportHint = (onFile: string | null | undefined) =>
  onFile ? `On file: ${onFile}. Leave blank to keep it.` : 'Stored encrypted and seen by the organisers only when needed.';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-5 first:border-0 first:pt-0 sm:grid-cols-2">
      <legend className="float-left mb-1 w-full text-base font-semibold text-navy-900 sm:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * 'Update Your Details': for the driver the partial signup rules, emergency contact, additional info
 * and sponsors; for the co-driver their own details (passport write-only) and the sponsors.
 */
export function DetailsForm({ signup }: { signup: MyTeamView }) {
  const isCoDriver = signup.role === 'co-driver';
  const keepsOwnDetails = coDriverKeepsOwnDetails(signup);
  const form = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(isCoDriver ? coDriverPatchSchema : myTeamPatchSchema),
    defaultValues: toFormValues(signup),
    mode: 'onTouched',
  });
  const {
    register,
    formState: { errors },
  } = form;
  const update = useUpdateMyTeam();
  const previousRally = form.watch('previousRally');

  // A blank passport field keeps the number on file (it is never sent back to the browser).
  const onSubmit = form.handleSubmit(({ driverPassport, coDriverPassport, ...changes }) =>
    update.mutate(
      { ...changes, ...(driverPassport ? { driverPassport } : {}), ...(coDriverPassport ? { coDriverPassport } : {}) },
      {
        onSuccess: (updated) => {
          form.reset(toFormValues(updated));
          toast({ title: 'Details updated!', description: 'Your registration details have been saved.' });
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to update information'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Update Your Details</CardTitle>
        <p className="text-sm text-slate-600">Keep your team&apos;s information current. Changes are saved when you press Save Changes.</p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {isCoDriver ? null : (
            <Group title="Team and driver">
              <FormField label="Team name" required registration={register('teamName')} error={errors.teamName?.message} />
              <PersonFields
                person="driver"
                fields={['Phone', 'Address', 'Passport']}
                register={register}
                errors={errors}
                labelPrefix="Driver"
                required
                hints={{ Passport: passportHint(signup.driverPassport) }}
              />
            </Group>
          )}
          <Group title={isCoDriver ? 'Your details' : 'Co-driver'}>
            <PersonFields
              person="coDriver"
              fields={['FirstName', 'LastName']}
              register={register}
              errors={errors}
              labelPrefix="Co-driver"
            />
            {keepsOwnDetails ? (
              <p className="text-sm text-slate-600 sm:col-span-2">
                {signup.coDriverFirstName || 'Your co-driver'} keeps their own contact and passport details.
              </p>
            ) : (
              <PersonFields
                person="coDriver"
                fields={['Phone', 'Passport', 'Address']}
                register={register}
                errors={errors}
                labelPrefix="Co-driver"
                hints={{ Passport: passportHint(signup.coDriverPassport) }}
              />
            )}
          </Group>
          {isCoDriver ? null : (
            <>
              <Group title="Vehicle">
                <VehicleFields register={register} errors={errors} labelPrefix="Car" />
              </Group>
              <Group title="Emergency contact">
                <EmergencyContactFields register={register} errors={errors} />
              </Group>
              <Group title="Additional information">
                <label className="flex items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
                  <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('previousRally')} />
                  Previous rally participant
                </label>
                {previousRally && <PreviousRallyYears className="sm:col-span-2" registration={register('previousRallyYears')} />}
                <MedicalFields register={register} errors={errors} />
              </Group>
            </>
          )}
          {isCoDriver ? null : (
            <Group title="Fundraising">
              <FundraisingPageField register={register} errors={errors} />
            </Group>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
