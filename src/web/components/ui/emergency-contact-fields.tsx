import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

type Name = 'emergencyContactName' | 'emergencyContactPhone' | 'emergencyContactRelationship';

/** The three emergency contact fields, for the registration form and the dashboard alike. */
export function EmergencyContactFields({
  register,
  errors,
}: {
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
}) {
  return (
    <>
      <FormField
        label="Emergency contact name"
        required
        registration={register('emergencyContactName')}
        error={errors.emergencyContactName?.message}
      />
      <FormField
        label="Emergency contact phone"
        type="tel"
        required
        registration={register('emergencyContactPhone')}
        error={errors.emergencyContactPhone?.message}
      />
      <FormField
        label="Relationship"
        required
        registration={register('emergencyContactRelationship')}
        error={errors.emergencyContactRelationship?.message}
      />
    </>
  );
}
