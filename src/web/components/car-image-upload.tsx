import { useEffect, useId, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { FieldError } from './ui/input';
import { errorMessage } from '../lib/error-message';
import { toast } from '../lib/toast';
import { CAR_IMAGE_ACCEPT, UploadStepError, carImageProblem, uploadCarImage } from '../lib/upload-car-image';

/** The toast for a failed upload: spec section 8 wording, with the server's reason when it gave one. */
export function uploadFailureToast(error: unknown, title = 'Error') {
  toast({ title, description: uploadFailure(error), variant: 'destructive' });
}

/** Why an upload failed, in the words of the step that failed (the server's reason when it gave one). */
export function uploadFailure(error: unknown): string {
  if (error instanceof UploadStepError && error.step === 'url') return 'Failed to get upload URL';
  return errorMessage(error instanceof UploadStepError ? error.cause : error, 'Failed to upload image');
}

/**
 * A button that opens a dialog to choose and upload one car photo for a team. Used on the
 * dashboard and by the organisers' signup cards.
 */
export function CarImageUpload({
  signupId,
  onUploaded,
  label = 'Upload Car Photo',
}: {
  signupId: number;
  onUploaded?: (imageUrl: string) => void;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reset = () => {
    setFile(null);
    setProblem(null);
  };

  async function upload() {
    if (!file) return setProblem('Please choose a photo to upload.');
    setBusy(true);
    try {
      const url = await uploadCarImage(file, signupId);
      toast({ title: 'Image Uploaded!', description: 'Your car photo has been saved.' });
      onUploaded?.(url);
      setOpen(false);
      reset();
    } catch (error) {
      uploadFailureToast(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
      title="Upload Car Photo"
      description="One photo of your car: JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB."
      trigger={
        <Button variant="outline" size="sm">
          <ImageUp className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      }
    >
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        Car photo
      </label>
      <input
        id={inputId}
        type="file"
        accept={CAR_IMAGE_ACCEPT}
        aria-describedby={problem ? `${inputId}-error` : undefined}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          const why = chosen ? carImageProblem(chosen) : null;
          setProblem(why);
          setFile(why ? null : chosen);
        }}
        className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-navy-800 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      <FieldError id={`${inputId}-error`} message={problem ?? undefined} />
      {preview && <img src={preview} alt="Preview of the chosen car photo" className="mt-4 max-h-56 w-full rounded-lg object-cover" />}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button onClick={upload} disabled={busy || !file}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </Dialog>
  );
}
