import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field';

type ContactName = 'emergencyContactName' | 'emergencyContactPhone' | 'emergencyContactRelationship';
type MedicalName = 'dietaryRequirements' | 'medicalConditions';

/** The three emergency contact fields, for the registration form and the dashboard alike. */
export function EmergencyContactFields({
  register,
  errors,
}: {
  register: (name: ContactName) => UseFormRegisterReturn;
  errors: Partial<Record<ContactName, { message?: string }>>;
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

/** Dietary requirements and medical conditions, for the registration form and the dashboard alike. */
export function MedicalFields({
  register,
  errors,
}: {
  register: (name: MedicalName) => UseFormRegisterReturn;
  errors: Partial<Record<MedicalName, { message?: string }>>;
}) {
  return (
    <>
      <FormField
        label="Dietary requirements"
        multiline
        registration={register('dietaryRequirements')}
        error={errors.dietaryRequirements?.message}
      />
      <FormField
        label="Medical conditions"
        multiline
        registration={register('medicalConditions')}
        error={errors.medicalConditions?.message}
      />
    </>
  );
}
