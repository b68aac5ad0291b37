import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { testimonialFieldsSchema, type Testimonial, type TestimonialFields } from '@common/schemas/home-page';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useAddTestimonial, useUpdateTestimonial } from './api';

const blank: TestimonialFields = { quote: '', author: '', rallyLabel: '' };

/** One Rallier Story's words: a new one, or an existing one to change. */
export function TestimonialForm({ story, children }: { story?: Testimonial; children?: React.ReactNode }) {
  const id = useId();
  const form = useForm<TestimonialFields, unknown, TestimonialFields>({
    resolver: zodResolver(testimonialFieldsSchema),
    defaultValues: story ? { quote: story.quote, author: story.author, rallyLabel: story.rallyLabel } : blank,
  });
  const add = useAddTestimonial();
  const update = useUpdateTestimonial();
  const pending = add.isPending || update.isPending;
  const errors = form.formState.errors;
  const label = story ? `Story by ${story.author}` : 'New story';

  const submit = form.handleSubmit((fields) => {
    const done = {
      onSuccess: () => {
        toast({ title: story ? 'Story saved' : 'Story added', description: 'It is on the home page.' });
        if (!story) form.reset(blank);
      },
      onError: (err: unknown) =>
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the story'), variant: 'destructive' }),
    };
    if (story) update.mutate({ id: story.id, fields }, done);
    else add.mutate(fields, done);
  });

  const described = (name: keyof TestimonialFields) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-quote`}>Quote</Label>
        <Textarea
          id={`${id}-quote`}
          rows={3}
          aria-invalid={errors.quote ? true : undefined}
          aria-describedby={described('quote')}
          {...form.register('quote')}
        />
        <FieldError id={`${id}-quote-error`} message={errors.quote?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-author`}>Author</Label>
        <Input
          id={`${id}-author`}
          aria-invalid={errors.author ? true : undefined}
          aria-describedby={described('author')}
          {...form.register('author')}
        />
        <FieldError id={`${id}-author-error`} message={errors.author?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-rally`}>Rally</Label>
        <Input
          id={`${id}-rally`}
          placeholder="e.g. 2018 Monaco"
          aria-describedby={described('rallyLabel')}
          {...form.register('rallyLabel')}
        />
        <FieldError id={`${id}-rallyLabel-error`} message={errors.rallyLabel?.message} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {children}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : story ? 'Save story' : 'Add story'}
        </Button>
      </div>
    </form>
  );
}
