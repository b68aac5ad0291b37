import type { ReactNode } from 'react';
import { PreviousRallyYears } from '../../components/ui/previous-rally-years';
import type { UseFormReturn } from 'react-hook-form';
import { Car, HeartHandshake, Info, Sparkles, User, Users } from 'lucide-react';
import type { SignupData, SignupInput } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { FormField, FormSection } from '../../components/ui/form-field';
import { EmergencyContactFields, MedicalFields } from '../../components/forms/health-fields';
import { VehicleFields } from '../../components/forms/vehicle-fields';
import { FundraisingPageField } from '../../components/forms/fundraising-page-field';
import { PersonFields } from '../../components/forms/person-fields';
import { FieldError } from '../../components/ui/input';
import { YesNoQuestion, type YesNo } from './yes-no-question';
import { CAR_IMAGE_ACCEPT, carImageProblem } from '../../lib/upload-car-image';

export type SignupForm = UseFormReturn<SignupInput, unknown, SignupData>;
const icon = 'h-5 w-5 text-gold-500';

export function TeamSection({ form, onGenerate }: { form: SignupForm; onGenerate: () => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection
      title="Team Information"
      description="Every car needs a name. Stuck? Let us suggest one."
      icon={<Users className={icon} aria-hidden />}
    >
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-start">
        <FormField className="flex-1" label="Team name" required registration={register('teamName')} error={errors.teamName?.message} />
        <Button variant="secondary" className="sm:mt-6" onClick={onGenerate}>
          <Sparkles className="h-4 w-4" aria-hidden />
          Generate Name
        </Button>
      </div>
    </FormSection>
  );
}

export function DriverSection({ form }: { form: SignupForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection
      title="Driver Information"
      description="The driver is the team's main contact."
      icon={<User className={icon} aria-hidden />}
    >
      <PersonFields
        person="driver"
        fields={['FirstName', 'LastName', 'Email', 'Phone', 'Address', 'Passport']}
        register={register}
        errors={errors}
        required
        autoComplete
        labels={{ Passport: 'Passport number (optional)' }}
        hints={{ Email: 'Create your account with this address later to manage your team.' }}
      />
      {/* Unticked by default: registering is not a newsletter opt-in; the tick is the driver's own. */}
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('newsletterOptIn')} />
        Send me news about future rallies
      </label>
    </FormSection>
  );
}

export function CoDriverSection({ form, answer, onAnswer }: { form: SignupForm; answer: YesNo; onAnswer: (v: YesNo) => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection title="Co-Driver Information" icon={<Users className={icon} aria-hidden />}>
      <YesNoQuestion name="has-co-driver" question="Have you chosen a co-driver?" value={answer} onChange={onAnswer} />
      {answer === 'yes' && (
        <>
          <PersonFields
            person="coDriver"
            fields={['FirstName', 'LastName', 'Email', 'Phone', 'Address', 'Passport']}
            register={register}
            errors={errors}
            labelPrefix="Co-driver"
          />
        </>
      )}
    </FormSection>
  );
}

type CarPhoto = { file: File | null; problem: string | null };

export function VehicleSection({
  form,
  answer,
  onAnswer,
  photo,
  onPhoto,
}: {
  form: SignupForm;
  answer: YesNo;
  onAnswer: (v: YesNo) => void;
  photo: CarPhoto;
  onPhoto: (p: CarPhoto) => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection title="Vehicle Information" icon={<Car className={icon} aria-hidden />}>
      <YesNoQuestion name="knows-vehicle" question="Do you know what you're going to be driving?" value={answer} onChange={onAnswer} />
      {answer === 'yes' && (
        <>
          <VehicleFields register={register} errors={errors} examples />
          <div className="sm:col-span-2">
            <label htmlFor="field-car-photo" className="mb-1 block text-sm font-medium text-slate-700">
              Car photo (optional)
            </label>
            <input
              id="field-car-photo"
              type="file"
              accept={CAR_IMAGE_ACCEPT}
              aria-describedby="field-car-photo-hint"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                const problem = file ? carImageProblem(file) : null;
                onPhoto({ file: problem ? null : file, problem });
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-navy-800 file:px-4 file:py-2 file:font-semibold file:text-white"
            />
            <p id="field-car-photo-hint" className="mt-1 text-xs text-slate-500">
              One image, up to 10 MB. It is uploaded when you submit.
            </p>
            <FieldError message={photo.problem ?? undefined} />
          </div>
        </>
      )}
    </FormSection>
  );
}

/** `retentionNote` is the privacy feature's note on how long the answers are kept, passed in by the page. */
export function AdditionalSection({ form, retentionNote }: { form: SignupForm; retentionNote?: ReactNode }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const previous = watch('previousRally');
  return (
    <FormSection title="Additional Information" icon={<Info className={icon} aria-hidden />}>
      <div className="sm:col-span-2">
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('previousRally')} />I have taken part in a previous rally
        </label>
        {previous && <PreviousRallyYears className="mt-3" registration={register('previousRallyYears')} />}
      </div>
      <MedicalFields register={register} errors={errors} />
      {retentionNote}
      <h3 className="text-base font-semibold text-navy-900 sm:col-span-2">Emergency contact</h3>
      <EmergencyContactFields register={register} errors={errors} />
    </FormSection>
  );
}

export function FundraisingSection({ form }: { form: SignupForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormSection
      title="Fundraising (optional)"
      description="Already have a fundraising page? Add it so supporters can find you."
      icon={<HeartHandshake className={icon} aria-hidden />}
    >
      <FundraisingPageField register={register} errors={errors} />
    </FormSection>
  );
}
