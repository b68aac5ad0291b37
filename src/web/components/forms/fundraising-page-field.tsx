import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field';

/** The team's fundraising page address, for the registration form and the dashboard alike. */
export function FundraisingPageField({
  register,
  errors,
}: {
  register: (name: 'justGivingUrl') => UseFormRegisterReturn;
  errors: { justGivingUrl?: { message?: string } };
}) {
  return (
    <FormField
      className="sm:col-span-2"
      label="Fundraising page URL"
      type="url"
      placeholder="https://www.justgiving.com/..."
      registration={register('justGivingUrl')}
      error={errors.justGivingUrl?.message}
    />
  );
}
