import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { signupFields } from '@common/schemas/signup';
import { renderForm } from '../../test/form-harness';
import { FieldGroupHarness } from '../../test/field-group-harness';
import { VehicleFields } from './vehicle-fields';

const vehicle = z.object({
  carMake: signupFields.carMake,
  carModel: signupFields.carModel,
  carYear: signupFields.carYear,
  carRegistration: signupFields.carRegistration,
});
const blank = { carMake: '', carModel: '', carYear: '', carRegistration: '' };

describe('the vehicle fields', () => {
  it('label make, model, year and registration, with example cars when asked, and hand on the parsed year', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={vehicle} defaultValues={blank} onValid={onValid}>
        {(form) => <VehicleFields register={form.register} errors={form.formState.errors} examples />}
      </FieldGroupHarness>,
    );
    expect(screen.getByLabelText('Make').getAttribute('placeholder')).toBe('e.g. Volvo');
    expect(screen.getByLabelText('Model').getAttribute('placeholder')).toBe('e.g. 240 Estate');
    await user.type(screen.getByLabelText('Make'), 'Volvo');
    await user.type(screen.getByLabelText('Year'), '1989');
    await user.type(screen.getByLabelText('Registration'), 'J 12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ carMake: 'Volvo', carYear: 1989, carRegistration: 'J 12345' }));
  });

  it('prefix the labels without examples, and show an error under a year the schema refuses', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={vehicle} defaultValues={blank} onValid={onValid}>
        {(form) => <VehicleFields register={form.register} errors={form.formState.errors} labelPrefix="Car" />}
      </FieldGroupHarness>,
    );
    expect(screen.getByLabelText('Car make').getAttribute('placeholder')).toBeNull();
    expect(screen.getByLabelText('Car registration')).toBeTruthy();
    await user.type(screen.getByLabelText('Car year'), '1989.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Car year').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('field-carYear-error')?.getAttribute('role')).toBe('alert');
    expect(onValid).not.toHaveBeenCalled();
  });
});
