import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { resetPasswordFormSchema } from '@common/schemas/auth';
import { renderForm } from '../../test/form-harness';
import { NewPasswordFields } from './new-password-fields';

type Values = { newPassword: string; confirmPassword: string };

function Harness({ onValid }: { onValid: (v: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <NewPasswordFields idPrefix="test" register={form.register} errors={form.formState.errors} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the new password fields', () => {
  it('label both fields, hint the length, and hand on the typed password', async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(<Harness onValid={onValid} />);
    expect(screen.getByLabelText('New password')).toHaveProperty('autocomplete', 'new-password');
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ newPassword: 'correct horse', confirmPassword: 'correct horse' }, expect.anything());
  });

  it("show the schema's messages beside the field they concern", async () => {
    const onValid = vi.fn();
    const { user, screen } = renderForm(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const newField = screen.getByLabelText('New password');
    expect(newField.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(newField.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
    const confirm = screen.getByLabelText('Confirm password');
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe("Passwords don't match");
    expect(onValid).not.toHaveBeenCalled();
  });
});
