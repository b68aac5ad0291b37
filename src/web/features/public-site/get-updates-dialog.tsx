import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { EmailUpdateInput } from '@common/schemas/email-update';
import { Dialog } from '../../components/ui/dialog';
import { Button, type ButtonProps } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { sendJson } from '../../lib/api';
import { toast } from '../../lib/toast';

/**
 * The Get Updates dialog (spec sections 2, 4 and 8): success closes it and clears both fields;
 * failure leaves it open with what was typed. The fields rely on the browser's own required and
 * e-mail checks (spec section 5), and the server checks them again with emailUpdateSchema: a form
 * library and the schema code here would cost the home page a fifth of its size budget.
 */
export function GetUpdatesDialog({ idPrefix, variant = 'outline', className }: { idPrefix: string; variant?: ButtonProps['variant']; className?: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<EmailUpdateInput>({ name: '', email: '' });
  const [nameError, setNameError] = useState<string>();
  const subscribe = useMutation({
    mutationFn: (values: EmailUpdateInput) => sendJson('POST', '/api/email-updates', values),
    onSuccess: () => {
      toast({ title: 'Success!', description: "You've been subscribed to rally updates." });
      setValues({ name: '', email: '' });
      setOpen(false);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to subscribe. Please try again.', variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = values.name.trim();
    setNameError(name ? undefined : 'Name is required');
    if (name) subscribe.mutate({ name, email: values.email.trim() });
  };
  const nameId = `${idPrefix}-name`;
  const emailId = `${idPrefix}-email`;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Get Rally Updates"
      description="Hear first about the 2026 route, registration and rally news."
      trigger={
        <Button variant={variant} size="lg" className={className}>
          <Bell className="h-5 w-5" aria-hidden /> Get Updates
        </Button>
      }
    >
      <form className="space-y-4" onSubmit={submit}>
        <div>
          <Label htmlFor={nameId}>Name</Label>
          <Input id={nameId} placeholder="Your full name" autoComplete="name" required maxLength={120} aria-invalid={!!nameError}
            aria-describedby={nameError ? `${nameId}-error` : undefined} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
          <FieldError id={`${nameId}-error`} message={nameError} />
        </div>
        <div>
          <Label htmlFor={emailId}>Email</Label>
          <Input id={emailId} type="email" placeholder="you@example.com" autoComplete="email" required maxLength={254}
            value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
        </div>
        <Button type="submit" className="w-full" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
    </Dialog>
  );
}
