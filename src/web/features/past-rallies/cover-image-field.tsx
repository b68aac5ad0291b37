import { useId, useState } from 'react';
import type { GalleryPhoto } from '@common/schemas/past-rallies';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { uploadFailureToast } from '../../components/car-image-upload';
import { CAR_IMAGE_ACCEPT, carImageProblem, uploadImage } from '../../lib/upload-car-image';
import { publishCoverImage } from './api';

/**
 * A rally's cover image: an address typed in, a file uploaded (re-encoded on the server), or one of
 * the rally's gallery photos picked. Each way fills in the address that is saved with the rally.
 */
export function CoverImageField({
  value,
  onChange,
  gallery,
  error,
  inputProps,
}: {
  value: string;
  onChange: (url: string) => void;
  gallery: GalleryPhoto[];
  error?: string;
  /** The address input's registration with the form. */
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const problem = carImageProblem(file);
    if (problem) return toast({ title: 'Not an image', description: problem, variant: 'destructive' });
    setUploading(true);
    try {
      const { url } = await uploadImage(file, publishCoverImage);
      onChange(url);
      toast({ title: 'Cover image uploaded', description: 'Save the rally to show it.' });
    } catch (err) {
      uploadFailureToast(err, 'The cover image was not uploaded');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="space-y-3 sm:col-span-2">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <div>
          <Label htmlFor={`${id}-url`}>Cover image</Label>
          <Input
            id={`${id}-url`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            {...inputProps}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            A path on this site (/images/...) or a web address; or upload one, or pick a photo of the gallery.
          </p>
          <FieldError id={`${id}-error`} message={error} />
        </div>
        {value && (
          <img src={value} alt="The cover image now chosen" className="h-20 w-32 rounded-lg border border-slate-200 object-cover" />
        )}
      </div>
      <div>
        <Label htmlFor={`${id}-file`}>Upload a cover image</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={CAR_IMAGE_ACCEPT}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <p className="mt-1 text-xs text-slate-500" aria-live="polite">
          {uploading ? 'Uploading...' : 'JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB.'}
        </p>
      </div>
      {gallery.length > 0 && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Or pick a photo of the gallery</legend>
          <ul className="flex max-h-56 flex-wrap gap-2 overflow-y-auto">
            {gallery.map((photo, i) => {
              const chosen = photo.url === value;
              return (
                <li key={photo.id}>
                  <label
                    className={`block cursor-pointer rounded-lg border-2 p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-300 ${chosen ? 'border-navy-800' : 'border-transparent hover:border-slate-300'}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-gallery`}
                      className="sr-only"
                      checked={chosen}
                      onChange={() => onChange(photo.url)}
                      aria-label={`Use photo ${i + 1} as the cover${photo.caption ? `: ${photo.caption}` : ''}`}
                    />
                    <img src={photo.thumbUrl ?? photo.url} alt="" loading="lazy" className="h-16 w-24 rounded object-cover" />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
