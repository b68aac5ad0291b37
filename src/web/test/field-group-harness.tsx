import type { ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A bare form around one shared field group: validated by the schema the real forms use, it hands
 * the parsed values to `onValid`, so a test sees both the labels and what a form would send.
 */
export function FieldGroupHarness<S extends z.ZodType<any, any, any>>({
  schema,
  defaultValues,
  onValid,
  children,
}: {
  schema: S;
  defaultValues: z.input<S>;
  onValid: (values: z.output<S>) => void;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onValid(v))}>
      {children(form)}
      <button type="submit">Save</button>
    </form>
  );
}
