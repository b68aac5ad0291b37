import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { PastRally } from '@common/schemas/past-rallies';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { uploadFailureToast } from '../../components/car-image-upload';
import { CAR_IMAGE_ACCEPT, carImageProblem, uploadImage } from '../../lib/upload-car-image';
import { useAddPhoto, useCaptionPhoto, useDeletePhoto, useReorderPhotos } from './api';

/**
 * A past rally's gallery for organisers: add many photos at once (each sent through a signed upload
 * link, then re-encoded with a thumbnail on the server), caption them, move them and delete them.
 */
export function GalleryEditor({ rally }: { rally: PastRally }) {
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const addPhoto = useAddPhoto();
  const caption = useCaptionPhoto();
  const remove = useDeletePhoto();
  const reorder = useReorderPhotos();
  const photos = rally.gallery;

  async function upload(files: File[]) {
    const refused = files.filter((f) => carImageProblem(f));
    const good = files.filter((f) => !carImageProblem(f));
    if (refused.length)
      toast({
        title: 'Some files were left out',
        description: refused.map((f) => `${f.name}: ${carImageProblem(f)}`).join(' '),
        variant: 'destructive',
      });
    let failed = 0;
    setProgress({ done: 0, total: good.length });
    // One at a time: each holds an upload link only while it is sent.
    for (const [i, file] of good.entries()) {
      try {
        await uploadImage(file, (objectId) => addPhoto.mutateAsync({ year: rally.year, uploadURL: objectId, caption: '' }));
      } catch (err) {
        failed += 1;
        uploadFailureToast(err, `${file.name} was not added`);
      }
      setProgress({ done: i + 1, total: good.length });
    }
    setProgress(null);
    if (good.length > failed)
      toast({ title: 'Photos added', description: `${good.length - failed} added to the ${rally.year} gallery. Add captions below.` });
  }

  const move = (from: number, to: number) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(
      { year: rally.year, ids },
      { onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to reorder'), variant: 'destructive' }) },
    );
  };

  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor={`${id}-files`}>Add photos</Label>
        <Input
          id={`${id}-files`}
          type="file"
          multiple
          accept={CAR_IMAGE_ACCEPT}
          disabled={progress !== null}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void upload(files);
          }}
        />
        <p className="mt-1 text-xs text-slate-500" aria-live="polite">
          {progress
            ? `Uploading ${progress.done} of ${progress.total}...`
            : 'Choose several photos at once; each is resized and gets a thumbnail.'}
        </p>
      </div>
      {photos.length === 0 ? (
        <p className="text-slate-600">No photos yet.</p>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${rally.year} gallery`}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="rounded-xl border border-slate-200 bg-white p-2">
              <img
                src={photo.thumbUrl ?? photo.url}
                alt={photo.caption || `Photo ${i + 1}`}
                loading="lazy"
                className="aspect-[3/2] w-full rounded-lg object-cover"
              />
              <form
                className="mt-2 flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  const value = new FormData(e.currentTarget).get('caption');
                  caption.mutate(
                    { year: rally.year, id: photo.id, caption: typeof value === 'string' ? value : '' },
                    {
                      onSuccess: () => toast({ title: 'Caption saved' }),
                      onError: (err) =>
                        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the caption'), variant: 'destructive' }),
                    },
                  );
                }}
              >
                <Input
                  name="caption"
                  aria-label={`Caption of photo ${i + 1}`}
                  defaultValue={photo.caption}
                  placeholder="Caption"
                  className="h-9 text-sm"
                />
                <Button type="submit" size="sm" variant="outline">
                  Save
                </Button>
              </form>
              <div className="mt-2 flex justify-between">
                <div className="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move photo ${i + 1} earlier`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowUp className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move photo ${i + 1} later`}
                    disabled={i === photos.length - 1 || reorder.isPending}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
                <Button size="sm" variant="ghost" aria-label={`Delete photo ${i + 1}`} onClick={() => setDeleting(photo.id)}>
                  <Trash2 className="h-4 w-4 text-rally-600" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this photo?"
        confirmLabel="Delete photo"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting !== null &&
          remove.mutate(
            { year: rally.year, id: deleting },
            {
              onSuccess: () => setDeleting(null),
              onError: (err) =>
                toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the photo'), variant: 'destructive' }),
            },
          )
        }
      >
        <p>It leaves the public gallery at once.</p>
      </ConfirmDialog>
    </div>
  );
}
