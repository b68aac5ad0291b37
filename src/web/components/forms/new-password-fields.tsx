import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, Input, Label } from '../ui/input';

type Name = 'newPassword' | 'confirmPassword';

/**
 * A new password typed twice, for every screen that sets one. The rules (length, the two match)
 * live in `resetPasswordFormSchema`; `idPrefix` keeps each screen's field ids its own.
 */
export function NewPasswordFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
}) {
  const newId = `${idPrefix}-new`;
  const confirmId = `${idPrefix}-confirm`;
  return (
    <>
      <div>
        <Label htmlFor={newId}>New password</Label>
        <Input
          id={newId}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.newPassword}
          aria-describedby={errors.newPassword ? `${newId}-error` : `${newId}-hint`}
          {...register('newPassword')}
        />
        {errors.newPassword ? (
          <FieldError id={`${newId}-error`} message={errors.newPassword.message} />
        ) : (
          <p id={`${newId}-hint`} className="mt-1 text-sm text-slate-500">
            At least 8 characters.
          </p>
        )}
      </div>
      <div>
        <Label htmlFor={confirmId}>Confirm password</Label>
        <Input
          id={confirmId}
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          aria-describedby={errors.confirmPassword ? `${confirmId}-error` : undefined}
          {...register('confirmPassword')}
        />
        <FieldError id={`${confirmId}-error`} message={errors.confirmPassword?.message} />
      </div>
    </>
  );
}
