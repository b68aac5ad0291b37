import { useState } from 'react';
import type { Testimonial } from '@common/schemas/home-page';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/error-message';
import { useTestimonials } from '../../lib/home-page';
import { toast } from '../../lib/toast';
import { useDeleteTestimonial, useReorderTestimonials } from './api';
import { TestimonialForm } from './testimonial-form';

function StoryCard({ story, index, ids }: { story: Testimonial; index: number; ids: number[] }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTestimonial();
  const reorder = useReorderTestimonials();
  const move = (by: number) => {
    const order = [...ids];
    order.splice(index, 1);
    order.splice(index + by, 0, story.id);
    reorder.mutate(order, {
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to reorder the stories'), variant: 'destructive' }),
    });
  };
  return (
    <Card className="p-4">
      <TestimonialForm story={story} key={`${story.quote}|${story.author}|${story.rallyLabel}`}>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={index === 0 || reorder.isPending}
          onClick={() => move(-1)}
          aria-label={`Move the story by ${story.author} up`}
        >
          Move up
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={index === ids.length - 1 || reorder.isPending}
          onClick={() => move(1)}
          aria-label={`Move the story by ${story.author} down`}
        >
          Move down
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </TestimonialForm>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the story by ${story.author}?`}
        confirmLabel="Delete story"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(story.id, {
            onSuccess: () => setConfirming(false),
            onError: (err) =>
              toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the story'), variant: 'destructive' }),
          })
        }
      >
        <p>It leaves the home page at once.</p>
      </ConfirmDialog>
    </Card>
  );
}

/** The Rallier Stories of the home page carousel, in their order: add, change, move and delete. */
export function TestimonialsEditor() {
  const { data, isError } = useTestimonials();
  const ids = data?.map((t) => t.id) ?? [];
  return (
    <div className="space-y-3">
      {isError && <p className="text-rally-600">The stories could not be loaded. Please reload the page.</p>}
      {!data && !isError && (
        <div role="status" aria-label="Loading the stories" className="space-y-3">
          {[1, 2].map((i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      )}
      {data?.length === 0 && <p className="text-slate-600">No stories yet: the home page leaves the section out until one is added.</p>}
      {data?.map((story, i) => (
        <StoryCard key={story.id} story={story} index={i} ids={ids} />
      ))}
      <Card className="p-4">
        <h3 className="mb-3 text-base font-semibold text-navy-900">Add a story</h3>
        <TestimonialForm />
      </Card>
    </div>
  );
}
