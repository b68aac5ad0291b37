import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field';

type Name = 'carMake' | 'carModel' | 'carYear' | 'carRegistration';

/**
 * The car's make, model, year and registration, for the registration form and the dashboard
 * alike. Labels read "<labelPrefix> make", or "Make" without a prefix; the rules live in the
 * signup schemas.
 */
export function VehicleFields({
  register,
  errors,
  labelPrefix,
  examples = false,
}: {
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
  /** "Car", or none. */
  labelPrefix?: string;
  /** Shows an example car in the make and model fields. */
  examples?: boolean;
}) {
  const label = (base: string) => (labelPrefix ? `${labelPrefix} ${base}` : base.charAt(0).toUpperCase() + base.slice(1));
  return (
    <>
      <FormField
        label={label('make')}
        placeholder={examples ? 'e.g. Volvo' : undefined}
        registration={register('carMake')}
        error={errors.carMake?.message}
      />
      <FormField
        label={label('model')}
        placeholder={examples ? 'e.g. 240 Estate' : undefined}
        registration={register('carModel')}
        error={errors.carModel?.message}
      />
      <FormField
        label={label('year')}
        type="number"
        inputMode="numeric"
        registration={register('carYear')}
        error={errors.carYear?.message}
      />
      <FormField label={label('registration')} registration={register('carRegistration')} error={errors.carRegistration?.message} />
    </>
  );
}
