import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signupSchema, type SignupData, type SignupInput } from '@common/schemas/signup';
import { registrationClosedText } from '@common/season-phase';
import { seasonNow } from '../../lib/season-clock';
import { randomTeamName } from '@common/team-names';
import { useRallySettings } from '../../lib/rally-settings';
import { Button } from '../../components/ui/button';
import { registerTeam } from './api';
import { errorMessage, isStatus } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useRegistrationStatus } from '../../lib/registration-status';
import { AdditionalSection, CoDriverSection, DriverSection, FundraisingSection, TeamSection, VehicleSection } from './signup-sections';
import { RegistrationComplete, type PhotoStatus } from './registration-complete';
import type { YesNo } from './yes-no-question';
import { uploadFailureToast } from '../../components/car-image-upload';
import { uploadCarImage } from '../../lib/upload-car-image';
import { dashboardKeys } from '../../query-keys/dashboard';
import { ReadyFields } from '../../components/ui/ready-fields';
import { MoneyFacts } from '../../components/money-facts';

const coDriverFields = [
  'coDriverFirstName',
  'coDriverLastName',
  'coDriverEmail',
  'coDriverPhone',
  'coDriverAddress',
  'coDriverPassport',
] as const;
const vehicleFields = ['carMake', 'carModel', 'carYear', 'carRegistration'] as const;

const defaults: SignupInput = {
  newsletterOptIn: false,
  teamName: '',
  driverFirstName: '',
  driverLastName: '',
  driverEmail: '',
  driverPhone: '',
  driverAddress: '',
  driverPassport: '',
  previousRally: false,
  previousRallyYears: [],
  dietaryRequirements: '',
  medicalConditions: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  justGivingUrl: '',
};

/** Only the sections answered Yes are sent; a No leaves those fields empty. */
function toPayload(data: SignupData, coDriver: YesNo, vehicle: YesNo): SignupData {
  const out: SignupData = { ...data, previousRallyYears: data.previousRally ? data.previousRallyYears : [] };
  if (coDriver !== 'yes') for (const f of coDriverFields) out[f] = null;
  if (vehicle !== 'yes') for (const f of vehicleFields) out[f] = null;
  return out;
}

/** The team registration form for the current season (spec section 2): six sections, then 'Registration Complete!' replaces the screen, intro included. */
/** `payDeposit` and `retentionNote` are the deposits and privacy features' parts, passed in by the page. */
export function SignupForm({ intro, payDeposit, retentionNote }: { intro?: ReactNode; payDeposit?: ReactNode; retentionNote?: ReactNode }) {
  const rallySettings = useRallySettings();
  const form = useForm<SignupInput, unknown, SignupData>({
    resolver: zodResolver(signupSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const [coDriver, setCoDriver] = useState<YesNo>('unanswered');
  const [vehicle, setVehicle] = useState<YesNo>('unanswered');
  const [photo, setPhoto] = useState<{ file: File | null; problem: string | null }>({ file: null, problem: null });
  const [photoStatus, setPhotoStatus] = useState<PhotoStatus>('none');
  const [completed, setCompleted] = useState<{ teamName: string; driverEmail: string; waiting: boolean } | null>(null);
  const places = useRegistrationStatus();
  // The server's answer when the address is already on a team this year (409), shown with a Log In link.
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const top = useRef<HTMLDivElement>(null);

  const register = useMutation({
    mutationFn: registerTeam,
    onSuccess: async (created, sent) => {
      toast({ title: 'Registration Successful!', description: `${created.teamName} is registered for ${rallySettings.year}.` });
      setCompleted({ teamName: created.teamName, driverEmail: sent.driverEmail, waiting: created.status === 'waiting_list' });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.mine });
      const file = vehicle === 'yes' ? photo.file : null;
      if (!file) return;
      setPhotoStatus('uploading');
      try {
        await uploadCarImage(file, created.id);
        setPhotoStatus('done');
      } catch (error) {
        setPhotoStatus('failed');
        uploadFailureToast(error);
      }
    },
    onError: (error) => {
      const description = errorMessage(error, 'Please check your information and try again.');
      setAlreadyRegistered(isStatus(error, 409) ? description : null);
      toast({ title: 'Registration Failed', description, variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (completed) top.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [completed]);

  function generateName() {
    const name = randomTeamName();
    form.setValue('teamName', name, { shouldValidate: true, shouldDirty: true });
    toast({ title: 'Team name generated!', description: `How about "${name}"? Generate again for another.` });
  }

  if (completed) {
    return (
      <div ref={top}>
        <RegistrationComplete
          teamName={completed.teamName}
          driverEmail={completed.driverEmail}
          waiting={completed.waiting}
          photo={photoStatus}
          payDeposit={payDeposit}
        />
      </div>
    );
  }

  // The server's answer says whether the form takes teams; the season's story says why not.
  if (places.data && !places.data.open) {
    return (
      <>
        {intro}
        <p role="status" className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-lg text-slate-700 shadow-sm">
          {/* The server's answer names the season's phase (season-phase.ts), as its refusal does. */}
          {registrationClosedText(rallySettings.year, places.data.phase, places.data.opensAt, seasonNow())} Questions? Contact the
          organisers.
        </p>
      </>
    );
  }

  return (
    <>
      {intro}
      {places.data?.full && (
        <p role="status" className="mb-6 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900">
          <strong>The rally is full: join the waiting list.</strong> Register below and we will e-mail the driver as soon as a place comes
          free; no deposit is asked until then.
        </p>
      )}
      <MoneyFacts className="mb-6" waitingList={places.data?.full} />
      <form
        noValidate
        onSubmit={form.handleSubmit(
          (data) => register.mutate(toPayload(data, coDriver, vehicle)),
          () =>
            toast({ title: 'Registration Failed', description: 'Please check your information and try again.', variant: 'destructive' }),
        )}
      >
        <ReadyFields className="space-y-6">
          <TeamSection form={form} onGenerate={generateName} />
          <DriverSection form={form} />
          <CoDriverSection form={form} answer={coDriver} onAnswer={setCoDriver} />
          <VehicleSection form={form} answer={vehicle} onAnswer={setVehicle} photo={photo} onPhoto={setPhoto} />
          <AdditionalSection form={form} retentionNote={retentionNote} />
          <FundraisingSection form={form} />
          {alreadyRegistered && (
            <div role="alert" className="rounded-lg bg-rally-500/10 p-4 text-rally-600">
              {alreadyRegistered}{' '}
              <Link href="/login" className="font-semibold underline">
                Log In
              </Link>
            </div>
          )}
          <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              <span className="text-rally-600" aria-hidden>
                *
              </span>{' '}
              Required fields
            </p>
            <Button type="submit" size="lg" disabled={register.isPending}>
              {register.isPending ? 'Submitting...' : 'Submit Registration'}
            </Button>
          </div>
        </ReadyFields>
      </form>
    </>
  );
}
