import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { signupFields } from '@common/schemas/signup';
import { renderForm } from '../../test/form-harness';
import { FieldGroupHarness } from '../../test/field-group-harness';
import { PersonFields } from './person-fields';

const driver = z.object({
  driverFirstName: signupFields.driverFirstName,
  driverLastName: signupFields.driverLastName,
  driverEmail: signupFields.driverEmail,
  driverPhone: signupFields.driverPhone,
  driverAddress: signupFields.driverAddress,
  driverPassport: signupFields.driverPassport,
});
const blankDriver = { driverFirstName: '', driverLastName: '', driverEmail: '', driverPhone: '', driverAddress: '', driverPassport: '' };
const all = ['FirstName', 'LastName', 'Email', 'Phone', 'Address', 'Passport'] as const;

describe('the person fields', () => {
  it("label the driver's own fields plainly, mark the required ones, and hand on what was typed", async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={driver} defaultValues={blankDriver} onValid={onValid}>
        {(form) => (
          <PersonFields
            person="driver"
            fields={all}
            register={form.register}
            errors={form.formState.errors}
            required
            autoComplete
            labels={{ Passport: 'Passport number (optional)' }}
            hints={{ Email: 'Use this address to sign in.' }}
          />
        )}
      </FieldGroupHarness>,
    );
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^First name/).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^Phone/).getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText(/^Address/).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Passport number (optional)').getAttribute('aria-required')).toBeNull();
    expect(screen.getByText('Use this address to sign in.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^First name/), 'Olivia');
    await user.type(screen.getByLabelText(/^Last name/), 'Le Sueur');
    await user.type(screen.getByLabelText(/^Email/), 'olivia@example.je');
    await user.type(screen.getByLabelText(/^Phone/), '07700 900123');
    await user.type(screen.getByLabelText(/^Address/), '1 Rue de la Mer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({ driverFirstName: 'Olivia', driverEmail: 'olivia@example.je', driverAddress: '1 Rue de la Mer' }),
    );
  });

  it("show the schema's message under the field it concerns", async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(
      <FieldGroupHarness schema={driver} defaultValues={blankDriver} onValid={onValid}>
        {(form) => <PersonFields person="driver" fields={all} register={form.register} errors={form.formState.errors} required />}
      </FieldGroupHarness>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText(/^Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('field-driverPhone-error')?.textContent).toBe('Phone number is required');
    expect(document.getElementById('field-driverEmail-error')?.textContent).toBe('Valid email is required');
    expect(onValid).not.toHaveBeenCalled();
  });

  it("prefix a co-driver's labels, show only the listed fields in their order, and mark none required", () => {
    const coDriver = z.object({ coDriverPhone: signupFields.coDriverPhone, coDriverPassport: signupFields.coDriverPassport });
    const { screen } = renderForm(
      <FieldGroupHarness schema={coDriver} defaultValues={{ coDriverPhone: '', coDriverPassport: '' }} onValid={vi.fn()}>
        {(form) => (
          <PersonFields
            person="coDriver"
            fields={['Passport', 'Phone']}
            register={form.register}
            errors={form.formState.errors}
            labelPrefix="Co-driver"
          />
        )}
      </FieldGroupHarness>,
    );
    const labels = screen.getAllByText(/^Co-driver/).map((l) => l.textContent);
    expect(labels).toEqual(['Co-driver passport number', 'Co-driver phone']);
    expect(screen.getByLabelText('Co-driver phone').getAttribute('aria-required')).toBeNull();
    expect(screen.getByLabelText('Co-driver phone').getAttribute('autocomplete')).toBeNull();
    expect(screen.queryByLabelText(/first name/i)).toBeNull();
  });
});
