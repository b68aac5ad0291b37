import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field';

export type PersonField = 'FirstName' | 'LastName' | 'Email' | 'Phone' | 'Address' | 'Passport';

const baseLabels: Record<PersonField, string> = {
  FirstName: 'first name',
  LastName: 'last name',
  Email: 'email',
  Phone: 'phone',
  Address: 'address',
  Passport: 'passport number',
};
const inputTypes: Partial<Record<PersonField, string>> = { Email: 'email', Phone: 'tel' };
const autoCompletes: Partial<Record<PersonField, string>> = {
  FirstName: 'given-name',
  LastName: 'family-name',
  Email: 'email',
  Phone: 'tel',
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A driver's or co-driver's details (`driverPhone`, `coDriverAddress`...), for the registration
 * form and the dashboard alike. Each form lists the fields it shows, in its order; labels read
 * "<labelPrefix> phone", or "Phone" without a prefix. The rules live in the signup schemas.
 */
export function PersonFields<P extends 'driver' | 'coDriver', F extends PersonField>({
  person,
  fields,
  register,
  errors,
  labelPrefix,
  labels = {},
  hints = {},
  required = false,
  autoComplete = false,
}: {
  person: P;
  fields: readonly F[];
  register: (name: `${P}${F}`) => UseFormRegisterReturn;
  errors: Partial<Record<`${P}${F}`, { message?: string }>>;
  /** "Co-driver", "Driver", or none. */
  labelPrefix?: string;
  /** A label other than the usual one. */
  labels?: Partial<Record<F, string>>;
  hints?: Partial<Record<F, ReactNode>>;
  /** Marks every field but the passport as required (the schema holds the rule). */
  required?: boolean;
  /** The person filling the form is this person: let the browser offer their own details. */
  autoComplete?: boolean;
}) {
  return (
    <>
      {fields.map((field) => {
        const name = `${person}${field}` as const;
        const base = baseLabels[field];
        return (
          <FormField
            key={field}
            className={field === 'Address' ? 'sm:col-span-2' : undefined}
            label={labels[field] ?? (labelPrefix ? `${labelPrefix} ${base}` : capitalised(base))}
            type={inputTypes[field]}
            multiline={field === 'Address'}
            required={required && field !== 'Passport'}
            autoComplete={autoComplete ? autoCompletes[field] : undefined}
            registration={register(name)}
            error={errors[name]?.message}
            hint={hints[field]}
          />
        );
      })}
    </>
  );
}
