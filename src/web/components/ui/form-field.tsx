import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input, Label, Textarea, FieldError } from './input';
import { cn } from '../../lib/cn';

type FieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Shows a marker; the rule itself lives in the zod schema. */
  required?: boolean;
  hint?: ReactNode;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  multiline?: boolean;
  className?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url' | 'decimal';
};

/** A labelled input bound to react-hook-form, with its error announced under it. */
export function FormField({ label, registration, error, required, hint, type = 'text', multiline, className, ...rest }: FieldProps) {
  const id = `field-${registration.name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    ...registration,
  };
  return (
    <div className={cn('min-w-0', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-rally-600" aria-hidden>
            *
          </span>
        )}
      </Label>
      {multiline ? <Textarea {...common} placeholder={rest.placeholder} /> : <Input type={type} {...common} {...rest} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A titled group of fields inside a form. */
export function FormSection({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7" aria-label={title}>
      <h2 className="flex items-center gap-2 text-xl font-bold text-navy-900">
        {icon}
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}
